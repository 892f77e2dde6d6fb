// The order the two workers take the journey files in (decision 210): the files that take turns
// on the shared server alternate with those that run beside them, so that while one worker holds
// the turn the other has a file it can run; the longest first within each kind.
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { runsBesideOthers } from "./turns";

export default class TurnSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const turns = sorted.filter((f) => !runsBesideOthers(f.moduleId));
    const beside = sorted.filter((f) => runsBesideOthers(f.moduleId));
    const order: TestSpecification[] = [];
    while (turns.length > 0 || beside.length > 0) {
      const a = turns.shift();
      if (a) order.push(a);
      const b = beside.shift();
      if (b) order.push(b);
    }
    return order;
  }
}
