// The page is painted before its scripts are fetched (decision 399). Remix's <Scripts /> writes
// modulepreload links and the module script that imports the route modules and the client entry;
// the browser fetches and runs them as soon as it parses them, and on a fast connection all of it
// (about 95 KB gzipped, then hydration) ran before the first paint, which waited for it. The
// server disarms them in the page it sends (deferScripts: the links lose their rel, the module
// script its type), and a small inline script of the head (DEFERRED_SCRIPTS_BOOT) arms copies of
// them once the page has been painted (the browser's first contentful paint). The copies are
// appended to <head>, after the elements React hydrates (it leaves extra nodes at the end of
// <head> alone). React does not compare attributes when it hydrates, and <Scripts /> renders
// nothing once the page is hydrated.

const LINK = '<link rel="modulepreload" ';
const DISARMED_LINK = '<link data-deferred-rel="modulepreload" ';
const MODULE = ' type="module" async="">';
const DISARMED_MODULE = ' type="text/x-deferred-module">';

/**
 * The page (its UTF-8 bytes) with Remix's modulepreload links and module script disarmed (see
 * above). <Scripts /> is the end of <body>: only that part is read and rewritten.
 */
export function deferScripts(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const start = html.indexOf(LINK);
  if (start < 0) return html;
  const tail = html.toString('utf8', start).replaceAll(LINK, DISARMED_LINK);
  const module = tail.indexOf(MODULE);
  if (module < 0) return html;
  return Buffer.concat([html.subarray(0, start), Buffer.from(tail.slice(0, module) + DISARMED_MODULE + tail.slice(module + MODULE.length))]);
}

/**
 * Arms the disarmed links and module script once the page has been painted (run inline in <head>):
 * when the browser reports the first contentful paint (a 'paint' entry), or where it does not
 * report paints, after DOMContentLoaded, an animation frame and a task; at once in a hidden tab
 * (nothing is painted there), and after 1 s at the latest.
 */
export const DEFERRED_SCRIPTS_BOOT = `(function(){var d=document,done=0;function go(){if(done||d.readyState==='loading')return;done=1;d.querySelectorAll('link[data-deferred-rel]').forEach(function(o){var l=d.createElement('link');l.rel=o.getAttribute('data-deferred-rel');l.href=o.getAttribute('href');d.head.appendChild(l)});d.querySelectorAll('script[type="text/x-deferred-module"]').forEach(function(o){var s=d.createElement('script');s.type='module';s.nonce=o.nonce;s.textContent=o.textContent;d.head.appendChild(s)})}var painted=0;function ready(){setTimeout(go,1000);if(painted||d.visibilityState==='hidden')go();else if(!self.PerformanceObserver||(PerformanceObserver.supportedEntryTypes||[]).indexOf('paint')<0)requestAnimationFrame(function(){setTimeout(go,0)})}try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length){painted=1;setTimeout(go,0)}}).observe({type:'paint',buffered:true})}catch(e){}d.addEventListener('visibilitychange',function(){if(d.visibilityState==='hidden')go()});if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',ready);else ready()})();`;
