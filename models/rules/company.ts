// Which company an account publishes for (docs/decisions/076-landing-ownership.md): the name a
// landing's company_hash holds. Pure, so the service (api/auth/access.ts companyOf) and the
// migration that rewrote existing offers (007) apply the same rule.

export interface CompanyAccount {
  profile: string;
  customer_name: string | null;
}

const publishes = (a: CompanyAccount) => a.profile === 'recruiter' || a.profile === 'manager';

/**
 * The account's own customer_name when it is a recruiter or manager that has one; else the one
 * customer_name of the managers whose list holds it; null when there is none or they disagree.
 */
export function companyNameFor(account: CompanyAccount, managers: readonly CompanyAccount[]): string | null {
  if (publishes(account) && account.customer_name) return account.customer_name;
  const names = new Set(managers.filter((m) => publishes(m) && m.customer_name).map((m) => m.customer_name as string));
  return names.size === 1 ? [...names][0] : null;
}
