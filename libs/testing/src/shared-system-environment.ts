import { TestEnvironment } from 'jest-environment-node';
import { sharedSystem } from './shared-systems';
import { SHARED_SYSTEM_GLOBAL } from './test-system';

/**
 * The integration tests' Jest environment: Node's, plus `TestSystem.shared`'s way to the systems
 * of this worker, which live outside the test files' sandboxes (shared-systems.ts).
 */
export default class SharedSystemEnvironment extends TestEnvironment {
  override async setup(): Promise<void> {
    await super.setup();
    this.global[SHARED_SYSTEM_GLOBAL] = sharedSystem;
  }
}
