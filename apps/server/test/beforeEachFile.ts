/**
 * Runs before every test file. The files of one worker share their modules (`isolate: false` in
 * vitest.config.ts), so what a file declares for itself is reset here.
 */
import { forgetToleratedInvariants } from './invariantsAfterFile.js';

forgetToleratedInvariants();
