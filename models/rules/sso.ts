// A company's single sign-on provider identifier, as it appears in /apis/sso/{identifier}/...
// (decision 043): 2 to 64 letters, digits, '-' or '_' (the sso_providers.identifier column holds 64).
// The one home of the rule: saving a provider (api/services/identity/sso.schema.ts) and looking one up from a
// route (api/services/identity/sso.service.ts findProvider) both use it. Browser-safe.
export const SSO_IDENTIFIER_MIN = 2;
export const SSO_IDENTIFIER_MAX = 64;
export const SSO_IDENTIFIER_SHAPE = new RegExp(`^[A-Za-z0-9_-]{${SSO_IDENTIFIER_MIN},${SSO_IDENTIFIER_MAX}}$`);

export const isSsoIdentifier = (value: string): boolean => SSO_IDENTIFIER_SHAPE.test(value);
