// Prints the README's error table from the catalog in lib/core/errors.ts.
import { errorTable } from "../lib/core/error-table.ts";

process.stdout.write(`${errorTable()}\n`);
