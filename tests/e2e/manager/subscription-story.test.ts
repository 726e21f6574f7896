// Issue 23's whole story in Chromium on a clean SQLite database (tests/e2e/manager/subscription-story.ts).
import { subscriptionStory } from './subscription-story.js';

subscriptionStory(false);
