// npm run sso:provider -- --identifier acme --name "Acme Retail" --entry-point https://idp.acme.com/saml/sso \
//   --cert idp-cert.pem --issuer https://idp.acme.com --domain acme.com --domain acme.fr [--profile recruiter]
// npm run sso:provider -- --list
// Adds or replaces a company's SAML identity provider; give the IdP our metadata:
// {PUBLIC_URL}/apis/sso/{identifier}/metadata
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadSettings } from '../../config/settings.js';
import { openDatabase } from '../../models/boot.js';
import { SsoProvider, SsoProviderDomain } from '../../models/index.js';
import { saveSsoProvider } from '../services/identity/sso.service.js';
import { AppError } from '../lib/errors.js';

const USAGE = `Adds or replaces a company's SAML identity provider, or lists them.

Usage:
  npm run sso:provider -- --identifier ID --entry-point URL --cert FILE_OR_PEM --domain DOMAIN [--domain ...]
                          [--name NAME] [--issuer ENTITY_ID] [--profile recruiter|manager|candidate]
  npm run sso:provider -- --list
  npm run sso:provider -- --help

Give the identity provider our metadata: {PUBLIC_URL}/apis/sso/{identifier}/metadata
`;

function readArgs() {
  try {
    return parseArgs({
      options: {
        help: { type: 'boolean', short: 'h' },
        list: { type: 'boolean' },
        identifier: { type: 'string' },
        name: { type: 'string' },
        'entry-point': { type: 'string' },
        cert: { type: 'string' },
        issuer: { type: 'string' },
        domain: { type: 'string', multiple: true },
        profile: { type: 'string' },
      },
    }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
}

const values = readArgs();
if (values.help || process.argv.length <= 2) {
  console.log(USAGE);
  process.exit(0);
}

const settings = loadSettings();
const sequelize = await openDatabase(settings);
try {
  if (values.list) {
    for (const p of await SsoProvider.findAll({ include: [{ model: SsoProviderDomain, as: 'domains' }], order: [['identifier', 'ASC']] })) {
      console.log(`${p.identifier}\t${p.default_profile}\t${(p.domains ?? []).map((d) => d.domain).join(',')}\t${p.entry_point}`);
    }
  } else {
    if (!values.identifier || !values['entry-point'] || !values.cert || !values.domain?.length) {
      throw new Error('needs --identifier, --entry-point, --cert (file or PEM) and at least one --domain');
    }
    const cert = fs.existsSync(values.cert) ? fs.readFileSync(values.cert, 'utf8') : values.cert;
    const p = await saveSsoProvider({
      identifier: values.identifier,
      name: values.name ?? values.identifier,
      entry_point: values['entry-point'],
      idp_cert: cert,
      idp_issuer: values.issuer ?? null,
      default_profile: values.profile,
      domains: values.domain,
    });
    console.log(`saved ${p.identifier}; SP metadata: ${settings.publicUrl}/apis/sso/${p.identifier}/metadata`);
  }
} catch (e) {
  console.error(e instanceof AppError ? `${e.code} ${JSON.stringify(e.details ?? {})}` : (e as Error).message);
  process.exitCode = 1;
} finally {
  await sequelize.close();
}
