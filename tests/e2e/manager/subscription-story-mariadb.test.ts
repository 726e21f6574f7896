// Issue 23's whole story in Chromium on a clean MariaDB database (TEST_MYSQL_URL; skipped without it).
import { subscriptionStory } from './subscription-story.js';

subscriptionStory(true);
