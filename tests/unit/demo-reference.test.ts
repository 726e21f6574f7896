import { describe, expect, it } from 'vitest';
import { JOBS } from '../../seeders/demo-data.js';
import { referenceLists } from '../../config/reference/index.js';

// The demo offers must use the values the wizard and the apps offer (GET /apis/config/{lang}).
describe('demo offers and the reference lists', () => {
  const lists = referenceLists('fr');
  const values = (name: keyof typeof lists) => (lists[name] as Array<{ value: string }>).map((c) => c.value);

  it('uses only listed contract types, experience, graduation, pay periods and job categories', () => {
    for (const job of Object.values(JOBS)) {
      expect(values('cont_type')).toContain(job.contract_type);
      expect(values('candidate_experience')).toContain(job.experience);
      expect(values('candidate_graduation')).toContain(job.graduation);
      expect(values('pay_period')).toContain(job.pay_period);
      for (const tag of job.tags) expect(values('job_cat')).toContain(tag);
    }
  });
});
