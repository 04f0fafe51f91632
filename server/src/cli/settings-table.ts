import fs from 'node:fs';
import { README_FILE, withTables } from '../settings/table';

/** `npm run settings-table -w server`: writes server/README.md's settings tables from the schema's descriptions. */
fs.writeFileSync(README_FILE, withTables(fs.readFileSync(README_FILE, 'utf8')));
process.stdout.write(`${README_FILE}: settings tables written\n`);
