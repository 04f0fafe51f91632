import fs from 'node:fs';
import { DOCUMENT_FILE, documentedApp, documentOf } from './openapi-document';

/** `npm run openapi -w server`: writes the API document the routes describe to server/openapi.json. */
documentOf(documentedApp()).then(
  (document) => {
    fs.writeFileSync(DOCUMENT_FILE, document);
    process.stdout.write(`${DOCUMENT_FILE}: ${Object.keys(JSON.parse(document).paths).length} paths\n`);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
