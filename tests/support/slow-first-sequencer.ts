import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (failed first, then longest last time, then largest), with the `slow` project's
 * files before all others even on a first run, when no times are known: the run ends when its
 * longest file does, so with more than one worker those start at once and run beside the rest.
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isSlow = (file: TestSpecification) => file.project.name === 'slow';
    return [...sorted.filter(isSlow), ...sorted.filter((file) => !isSlow(file))];
  }
}
