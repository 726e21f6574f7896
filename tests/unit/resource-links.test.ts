// Row links come from the declarations: their addresses are filled from the record.
import { describe, expect, it } from 'vitest';
import { linkHref } from '../../models/resources/schema.js';
import { offers } from '../../models/resources/offers/resource.js';
import { customLandings } from '../../models/resources/custom-landings/resource.js';

describe('declared row links', () => {
  const offer = { job_code: 'CAFE75', recruiter_id: 'a1b2', title: 'Serveur' };
  const hrefs = offers.list.links.map((l) => linkHref(l, offer));

  it("open an offer's public page and its recruiter's detail", () => {
    expect(hrefs[0]).toBe('/candidate/offer/CAFE75');
    expect(hrefs[1]).toBe('#/user/a1b2');
  });

  it('open the wishlist view of the offer with the filter as JSON, the code escaped', () => {
    const filterOf = (href: string) => JSON.parse(decodeURIComponent(href.split('filter=')[1]));
    expect(filterOf(hrefs[2])).toEqual({ profile: 'candidate', wishlist_pending: true, wishlist_job_code: 'CAFE75' });
    const odd = linkHref(offers.list.links[2], { job_code: 'A"B&C' });
    expect(filterOf(odd).wishlist_job_code).toBe('A"B&C');
  });

  it('encode the value of a path placeholder', () => {
    expect(linkHref(customLandings.list.links[0], { identifier: 'ma boutique' })).toBe('/landing/ma%20boutique');
  });
});
