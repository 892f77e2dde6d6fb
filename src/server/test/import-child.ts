// Runs one Excel import in its own process, as the admin import would, so a fault test can kill
// it with SIGKILL half-way: node --import tsx import-child.ts <DATABASE_URL> <file.xlsx>.
// Prints "read" once the file is parsed (the transaction opens next) and "done" at the end.
import { readFileSync } from "node:fs";
import { openDatabase } from "../db/client";
import { importWorkbook, isImportSheet } from "../modules/excel/import-service";
import { readSpreadsheet } from "../lib/xlsx/spreadsheet";

const [databaseUrl, file] = process.argv.slice(2);
const database = await openDatabase({ databaseUrl, poolSize: 1 });
const workbook = await readSpreadsheet(readFileSync(file), { wantSheet: isImportSheet });
process.stdout.write("read\n");
const result = await importWorkbook(database.db, workbook, { brandName: "Express Import" });
process.stdout.write(`done ${JSON.stringify({ clients: result.clients.created, trackings: result.trackings.created })}\n`);
await database.close();
