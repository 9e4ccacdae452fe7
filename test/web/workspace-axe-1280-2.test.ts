/** axe-core on the workspace pages at 1280 px, part 2 of 2 (test/helpers/workspace-axe.ts). */
import { auditWorkspacePages } from '../helpers/workspace-axe.js';

auditWorkspacePages(1280, 1);
