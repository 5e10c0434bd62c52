// Starts a real Parse Server (npm's parse-server), for .ci/real-parse-server:
//
//   node parse-server.js PORT DATABASE_URI [SCHEMA_JS]
//
// With SCHEMA_JS, the `parse` emitter's definitions are the schema (strict and locked, as
// docs/ParseServer.md suggests). Without it, the server is set up as the end-to-end suite
// expects (IntegrationTests/run-against-server.sh): classes made by the first write, a REST API
// key (PARSE_REST_API_KEY) the tests check, files uploaded without a session, and Parse Server
// 7's defaults otherwise (users private, no custom objectIds). The master key comes from
// PARSE_MASTER_KEY. It prints "listening" once Parse Server serves requests.
const path = require('path');
const { ParseServer } = require('parse-server');

const [port, databaseURI, schemaFile] = process.argv.slice(2);
const options = {
  databaseURI,
  appId: 'modelgen',
  masterKey: process.env.PARSE_MASTER_KEY,
  serverURL: `http://127.0.0.1:${port}/parse`,
  mountPath: '/parse',
  port: Number(port),
  host: '127.0.0.1',
  silent: true,
};
if (schemaFile) {
  const { definitions } = require(path.resolve(schemaFile));
  options.schema = { definitions, strict: true, lockSchemas: true };
} else {
  options.restAPIKey = process.env.PARSE_REST_API_KEY;
  options.allowClientClassCreation = true;
  options.allowCustomObjectId = false;
  options.enforcePrivateUsers = true;
  options.fileUpload = { enableForPublic: true };
}

ParseServer.startApp(options).then(() => console.log('listening'), (error) => {
  console.error(error);
  process.exit(1);
});
