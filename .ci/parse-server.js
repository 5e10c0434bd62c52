// Starts a real Parse Server (npm's parse-server) on PostgreSQL with a sample's defined schema,
// for .ci/real-parse-server: node parse-server.js SCHEMA_JS PORT DATABASE_URI. The master key
// comes from PARSE_MASTER_KEY. It prints "listening" once Parse Server has applied the
// definitions and serves requests.
const path = require('path');
const { ParseServer } = require('parse-server');

const [schemaFile, port, databaseURI] = process.argv.slice(2);
const { definitions } = require(path.resolve(schemaFile));

ParseServer.startApp({
  databaseURI,
  appId: 'modelgen',
  masterKey: process.env.PARSE_MASTER_KEY,
  serverURL: `http://127.0.0.1:${port}/parse`,
  mountPath: '/parse',
  port: Number(port),
  host: '127.0.0.1',
  silent: true,
  // As docs/ParseServer.md suggests: the definitions are the schema, and extra fields are reported.
  schema: { definitions, strict: true, lockSchemas: true },
}).then(() => console.log('listening'), (error) => {
  console.error(error);
  process.exit(1);
});
