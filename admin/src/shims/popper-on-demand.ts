// popper.js, the engine that places MUI's tooltips, menus of autocompletes and other poppers, loads
// the first time one opens instead of with every console (about 7 KB gzipped of the staff console's
// and the manager area's first download: react-admin's app bar and menu draw tooltips; issue 26,
// decision 398). admin/vite.config.ts points `@popperjs/core` here; MUI's Popper only calls
// createPopper and the instance's forceUpdate, update, setOptions and destroy. Until the engine is
// in (a few milliseconds after the first opening), the popper stays hidden, then it shows in place.
import type { Instance, Options, State, VirtualElement } from '@popperjs/core';
import type { createPopper as CreatePopper } from '@popperjs/core/lib/popper.js';

let engine: typeof CreatePopper | undefined;
let loading: Promise<typeof CreatePopper> | undefined;

function loadEngine(): Promise<typeof CreatePopper> {
  loading ??= import('@popperjs/core/lib/popper.js').then((m) => (engine = m.createPopper));
  return loading;
}

export function createPopper(reference: Element | VirtualElement, popper: HTMLElement, options?: Partial<Options>): Instance {
  if (engine) return engine(reference, popper, options);
  let instance: Instance | undefined;
  let destroyed = false;
  let current: Partial<Options> = options ?? {};
  const visibility = popper.style.visibility;
  popper.style.visibility = 'hidden';
  const ready = loadEngine().then((create) => {
    if (destroyed) return undefined;
    instance = create(reference, popper, current);
    instance.forceUpdate();
    popper.style.visibility = visibility;
    return instance;
  });
  return {
    get state() {
      return (instance?.state ?? {}) as State;
    },
    forceUpdate: () => instance?.forceUpdate(),
    update: () => (instance ? instance.update() : ready.then((i) => (i ? i.update() : ({} as State)))) as Promise<Partial<State>>,
    setOptions: (next) => {
      if (instance) return instance.setOptions(next);
      current = typeof next === 'function' ? next(current as Options) : { ...current, ...next };
      return ready.then((i) => (i ? i.state : ({} as State)));
    },
    destroy: () => {
      destroyed = true;
      instance?.destroy();
      popper.style.visibility = visibility;
    },
  } as Instance;
}
