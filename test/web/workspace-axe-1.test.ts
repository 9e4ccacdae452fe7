/**
 * axe-core on the workspace pages at 1280 and 390 px, part 1 of 2: the walk at 1280 px, its
 * odd-numbered pages audited (test/helpers/workspace-axe.ts).
 */
import { auditWorkspacePages } from '../helpers/workspace-axe.js';

auditWorkspacePages(1280, 0);
