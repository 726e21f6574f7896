// react-admin's error, not-found, access-denied and authentication-error pages, in a module of
// their own: the consoles load it only when one of them is shown (issue 26, decision 398).
export { AccessDenied, AuthenticationError, Error, NotFound } from 'react-admin';
