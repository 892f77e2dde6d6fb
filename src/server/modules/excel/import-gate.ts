// One import at a time per server (docs/decisions/101). An import holds its upload (up to 15 MB),
// the workbook it read (or a .xls worker thread with a 512 MB heap) and a run of transactions
// (its slices, decision 141); two at once only compete for the same two cores and memory. A
// second import while one runs answers 429 with IMPORT_BUSY before its file is parsed, and so
// changes nothing. The slot is taken after the upload has been received, so the 429 reaches the
// client (a refusal mid-upload may reach it as a broken connection), and it is freed however the
// import ends; then the garbage the import left is collected (docs/decisions/234).
import { IMPORT_BUSY } from "../../../shared/api/excel";
import { AppError } from "../../errors";

export class ImportGate {
  private running = false;

  /**
   * `afterRun`: called once each import (or preview) that took the slot has ended, however it
   * ended (routes.ts passes lib/collect-garbage.ts collectGarbageSoon).
   */
  constructor(private readonly afterRun: () => void = () => {}) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running) throw new AppError("RATE_LIMITED", 429, IMPORT_BUSY);
    this.running = true;
    try {
      return await work();
    } finally {
      this.running = false;
      this.afterRun();
    }
  }
}
