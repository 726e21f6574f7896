// The offer wizard's step 4, the job's address (decision 172: the search goes through the draft's
// edition token).
import { useEffect, useRef, useState } from 'react';
import type { AddressResult } from '../../../../api/integrations/address/types.js';
import { Field, described, type StepProps } from './parts.js';

/** One address of GET /apis/address-search (the address service's own result shape). */
type Suggestion = AddressResult;

/** Step 4: free text fields (what a page without JavaScript gets), and with JavaScript an
 *  autocomplete above them (sent by the server, shown only when scripts run) through GET /apis/address-search with the draft's token. */
export function AddressStep({ page, t, errorOf }: StepProps) {
  const { token, countries } = page;
  const loc = page.json.location ?? {};
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<Suggestion[] | null>(null);
  const [active, setActive] = useState(-1);
  const [picked, setPicked] = useState<Partial<Suggestion>>({ lat: loc.lat ?? null, lng: loc.lng ?? null, area: loc.area, sub_area: loc.sub_area, country: loc.country, city: loc.city });
  const refs = { street: useRef<HTMLInputElement>(null), zip_code: useRef<HTMLInputElement>(null), city: useRef<HTMLInputElement>(null), country_iso: useRef<HTMLSelectElement>(null) };

  const chosen = useRef<string | null>(null);
  useEffect(() => {
    // The label of the suggestion just chosen is not searched again.
    if (query.trim().length < 2 || query === chosen.current) {
      setItems(null);
      return;
    }
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      const url = `/apis/address-search?${new URLSearchParams({ q: query, limit: '6', edition_token: token })}`;
      fetch(url, { signal: ctrl.signal, headers: { accept: 'application/json' } })
        .then((r) => (r.ok ? r.json() : { Items: [] }))
        .then((body: { Items: Suggestion[] }) => {
          setItems(body.Items);
          setActive(-1);
        })
        .catch(() => undefined);
    }, 200);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [query, token]);

  const choose = (s: Suggestion) => {
    if (refs.street.current && s.street) refs.street.current.value = s.street;
    if (refs.zip_code.current) refs.zip_code.current.value = s.zip_code;
    if (refs.city.current) refs.city.current.value = s.city;
    if (refs.country_iso.current && s.country_iso) refs.country_iso.current.value = s.country_iso;
    setPicked(s);
    setItems(null);
    chosen.current = s.label;
    setQuery(s.label);
    if (!s.street) refs.street.current?.focus();
  };
  const known = countries.some((c) => c.value === loc.country_iso);
  const field = (name: 'street' | 'zip_code' | 'city', label: string, autoComplete: string, max: number) => (
    <Field id={`w-${name}`} label={label} required error={errorOf(`location.${name}`)}>
      <input
        ref={refs[name]}
        id={`w-${name}`}
        name={name}
        type="text"
        maxLength={max}
        autoComplete={autoComplete}
        defaultValue={loc[name] ?? ''}
        {...described(`w-${name}`, errorOf(`location.${name}`))}
      />
    </Field>
  );

  return (
    <>
      {/* Rendered by the server so the step does not move when it hydrates; hidden without
          JavaScript (root's <noscript> rule for .js-only), where the address is typed. */}
      <div className="field autocomplete js-only">
        <label htmlFor="w-address-search">{t('wiz_address_search')}</label>
        <input
          id="w-address-search"
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={!!items?.length}
          aria-controls="w-address-list"
          aria-activedescendant={active >= 0 ? `w-address-${active}` : undefined}
          aria-describedby="w-address-hint"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (!items?.length) return;
            if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, items.length - 1));
            else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
            else if (e.key === 'Enter' && active >= 0) choose(items[active]);
            else if (e.key === 'Escape') setItems(null);
            else return;
            e.preventDefault();
          }}
        />
        <span className="hint" id="w-address-hint">
          {t('wiz_address_hint')}
        </span>
        <ul id="w-address-list" role="listbox" className="suggestions" hidden={!items?.length}>
          {(items ?? []).map((s, i) => (
            <li key={`${s.label}-${i}`} id={`w-address-${i}`} role="option" aria-selected={i === active} onMouseDown={(e) => e.preventDefault()} onClick={() => choose(s)}>
              {s.label}
            </li>
          ))}
        </ul>
        {items && items.length === 0 && (
          <span className="hint" role="status">
            {t('wiz_address_none')}
          </span>
        )}
      </div>
      {field('street', t('wiz_street'), 'street-address', 255)}
      <div className="grid-2">
        {field('zip_code', t('wiz_zip'), 'postal-code', 20)}
        {field('city', t('wiz_city'), 'address-level2', 120)}
      </div>
      <Field id="w-country_iso" label={t('wiz_country')} required error={errorOf('location.country_iso')}>
        <select ref={refs.country_iso} id="w-country_iso" name="country_iso" defaultValue={loc.country_iso ?? 'FR'}>
          {!known && loc.country_iso && <option value={loc.country_iso}>{loc.country ?? loc.country_iso}</option>}
          {countries.map((c) => (
            <option key={c.value} value={c.value}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      {/* What the chosen suggestion adds; typing another city by hand drops the coordinates. */}
      <input type="hidden" name="lat" value={picked.lat ?? ''} />
      <input type="hidden" name="lng" value={picked.lng ?? ''} />
      <input type="hidden" name="area" value={picked.area ?? ''} />
      <input type="hidden" name="sub_area" value={picked.sub_area ?? ''} />
      <input type="hidden" name="country" value={picked.country ?? ''} />
      <input type="hidden" name="located_city" value={picked.city ?? ''} />
    </>
  );
}
