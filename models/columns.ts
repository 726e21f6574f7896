// Column helpers shared by the models.
import { DataTypes, type ModelAttributeColumnOptions, type Model } from 'sequelize';

/**
 * A JSON value kept in a TEXT column. MariaDB's JSON type reaches mysql2 as a string while
 * SQLite's comes back parsed, so we store text everywhere and (de)serialise here, once.
 */
export function jsonText<M extends Model>(name: string, allowNull = true): ModelAttributeColumnOptions<M> {
  return {
    type: DataTypes.TEXT,
    allowNull,
    get(this: M) {
      const raw = this.getDataValue(name as never) as unknown as string | null;
      if (raw === null || raw === undefined) return null;
      try {
        return JSON.parse(raw);
      } catch {
        return null;
      }
    },
    set(this: M, value: unknown) {
      this.setDataValue(name as never, (value === null || value === undefined ? null : JSON.stringify(value)) as never);
    },
  };
}

export const address = {
  street: { type: DataTypes.STRING(255), allowNull: true },
  city: { type: DataTypes.STRING(120), allowNull: true },
  zip_code: { type: DataTypes.STRING(20), allowNull: true },
  area: { type: DataTypes.STRING(120), allowNull: true },
  sub_area: { type: DataTypes.STRING(120), allowNull: true },
  country: { type: DataTypes.STRING(80), allowNull: true },
  country_iso: { type: DataTypes.STRING(2), allowNull: true },
  lat: { type: DataTypes.DOUBLE, allowNull: true },
  lng: { type: DataTypes.DOUBLE, allowNull: true },
};

export type Dialect = 'sqlite' | 'mysql';

/**
 * A date as the column stores it: SQLite keeps Sequelize's text form, MariaDB a DATETIME(3). For raw
 * SQL parameters: Sequelize's own escaping of a Date drops the milliseconds on MariaDB.
 */
export function sqlDate(d: Date, dialect: Dialect): string {
  const iso = d.toISOString();
  return dialect === 'sqlite' ? `${iso.slice(0, 10)} ${iso.slice(11, 23)} +00:00` : `${iso.slice(0, 10)} ${iso.slice(11, 23)}`;
}
