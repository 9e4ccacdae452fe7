/**
 * axe-core on the workspace pages at 1280 and 390 px, part 2 of 2: the walk on a 390 px phone,
 * its even-numbered pages audited (test/helpers/workspace-axe.ts).
 */
import { auditWorkspacePages } from '../helpers/workspace-axe.js';

auditWorkspacePages(390, 1);
