// An offer's company_hash (which landing shows it and takes its leads) follows its recruiter's
// account, no longer the typed company name (docs/decisions/076-landing-ownership.md): existing
// offers are rewritten by the rule of models/rules/company.ts. Down restores the old rule.
import { QueryTypes } from 'sequelize';
import type { MigrationContext } from './context.js';
import { companyNameFor, type CompanyAccount } from '../rules/company.js';

export async function up({ context: qi }: MigrationContext): Promise<void> {
  const sequelize = qi.sequelize;
  const select = { type: QueryTypes.SELECT } as const;
  const recruiters = await sequelize.query<{ id: string } & CompanyAccount>(
    'SELECT u.id, u.profile, u.customer_name FROM users u WHERE u.id IN (SELECT DISTINCT o.recruiter_id FROM offers o)',
    select,
  );
  const links = await sequelize.query<{ recruiter_id: string } & CompanyAccount>(
    `SELECT l.recruiter_id, m.profile, m.customer_name FROM manager_recruiters l JOIN users m ON m.id = l.manager_id
     WHERE l.manager_id <> l.recruiter_id AND l.recruiter_id IN (SELECT DISTINCT o.recruiter_id FROM offers o)`,
    select,
  );
  await sequelize.transaction(async (t) => {
    for (const r of recruiters) {
      const name = companyNameFor(
        r,
        links.filter((l) => l.recruiter_id === r.id),
      );
      await sequelize.query('UPDATE offers SET company_hash = ? WHERE recruiter_id = ?', { replacements: [name, r.id], transaction: t });
    }
  });
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  await qi.sequelize.query('UPDATE offers SET company_hash = company_name');
}
