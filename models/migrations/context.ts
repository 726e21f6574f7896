// What every migration receives (umzug's context: the query interface, utf8mb4 on MariaDB), in a
// module of its own so that the migrations and the migrator that lists them do not import each other.
import type { QueryInterface } from 'sequelize';

export type MigrationContext = { context: QueryInterface };
export type Migration = { up: (ctx: MigrationContext) => Promise<void>; down: (ctx: MigrationContext) => Promise<void> };
