// Hand-made SAML responses for the refusal tests, signed with the test IdP's key by xml-crypto
// (the library node-saml itself verifies with). buildResponse() with default options makes a
// response the server accepts; each test changes one thing.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { SignedXml } from 'xml-crypto';

export interface ResponseOptions {
  key: string;
  cert: string;
  issuer: string;
  acsUrl: string;
  audience: string;
  email: string;
  inResponseTo?: string | null;
  /** Raw XML put in the NameID instead of the escaped email (for the comment injection test). */
  nameIdXml?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  sign?: boolean;
  /** An extra, unsigned assertion placed before the signed one (signature wrapping). */
  wrappedEmail?: string;
}

const iso = (d: Date) => d.toISOString();
const id = () => `_${crypto.randomBytes(16).toString('hex')}`;

function assertionXml(o: ResponseOptions, assertionId: string, nameId: string): string {
  const now = new Date();
  const nb = o.notBefore ?? new Date(now.getTime() - 60_000);
  const na = o.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
  const irt = o.inResponseTo ? ` InResponseTo="${o.inResponseTo}"` : '';
  return (
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${iso(nb)}">` +
    `<saml:Issuer>${o.issuer}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${nameId}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${irt} NotOnOrAfter="${iso(na)}" Recipient="${o.acsUrl}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(nb)}" NotOnOrAfter="${iso(na)}"><saml:AudienceRestriction><saml:Audience>${o.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(nb)}" SessionIndex="${id()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `</saml:Assertion>`
  );
}

function signAssertion(xml: string, assertionId: string, key: string, cert: string): string {
  const sig = new SignedXml({
    privateKey: key,
    publicCert: cert,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  sig.addReference({
    xpath: `//*[@ID='${assertionId}']`,
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
  });
  sig.computeSignature(xml, { location: { reference: `//*[@ID='${assertionId}']/*[local-name(.)='Issuer']`, action: 'after' } });
  return sig.getSignedXml();
}

/** A base64 SAMLResponse as an IdP would post it. */
export function buildResponse(o: ResponseOptions): string {
  const assertionId = id();
  const nameId = o.nameIdXml ?? o.email;
  const irt = o.inResponseTo ? ` InResponseTo="${o.inResponseTo}"` : '';
  const head =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id()}" Version="2.0" IssueInstant="${iso(new Date())}" Destination="${o.acsUrl}"${irt}>` +
    `<saml:Issuer>${o.issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>`;
  let xml = `${head}${assertionXml(o, assertionId, nameId)}</samlp:Response>`;
  if (o.sign !== false) xml = signAssertion(xml, assertionId, o.key, o.cert);
  if (o.wrappedEmail) {
    // The attacker's copy goes first, unsigned; the genuine signed assertion stays in the document.
    const evil = assertionXml(o, id(), o.wrappedEmail);
    xml = xml.replace('</samlp:Status>', `</samlp:Status>${evil}`);
  }
  return Buffer.from(xml).toString('base64');
}

/** The ID of the AuthnRequest carried by a sign-in redirect (HTTP-Redirect binding: deflate + base64). */
export function requestIdOf(redirectUrl: string): string {
  const param = new URL(redirectUrl).searchParams.get('SAMLRequest');
  if (!param) throw new Error('no SAMLRequest in the redirect');
  const xml = zlib.inflateRawSync(Buffer.from(param, 'base64')).toString('utf8');
  const m = /\bID="([^"]+)"/.exec(xml);
  if (!m) throw new Error('no ID in the AuthnRequest');
  return m[1];
}
