// The cluster test's nodes run the real server, which serves the built portal and console:
// build them first when missing or stale (as the browser tests do).
import { buildIfStale } from '../../scripts/build-if-stale.js';

export default function setup() {
  buildIfStale((m) => console.log(m));
}
