// True once React has hydrated in the browser: parts that need JavaScript switch on then,
// so the server-rendered page keeps working without it.
import { useEffect, useState } from 'react';

let hydratedOnce = false;

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    setHydrated(true);
  }, []);
  return hydrated;
}
