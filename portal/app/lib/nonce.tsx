// The per-request CSP nonce, given by the server to every inline script it renders.
// In the browser the value is empty (browsers hide nonces from scripts anyway).
import { createContext, useContext } from 'react';

const NonceContext = createContext<string>('');
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
