-- Migration 0002_coupons_and_priority by modelgen, relational layout: from the schema of 0001_init to the schema in schema/.
-- It runs in one transaction: all of it, or, when a statement or a check fails, none of it.
-- Apply with: sqlite3 -bail app.db < sqlite.sql

-- Foreign keys stay off while tables are rebuilt (dropping a table would otherwise delete
-- or block the rows that point to it); they are checked before COMMIT and turned on after.
PRAGMA foreign_keys = OFF;

BEGIN;

-- This migration runs once, after 0001_init; modelgen_migrations records those that ran.
CREATE TABLE IF NOT EXISTS "modelgen_migrations" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "appliedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "migration 0002_coupons_and_priority has run on this database already" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "modelgen_migrations" WHERE "name" = '0002_coupons_and_priority');
DROP TABLE "modelgen_guard";
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "a migration after 0002_coupons_and_priority has run on this database already: run the migrations in order" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "modelgen_migrations" WHERE "name" > '0002_coupons_and_priority');
DROP TABLE "modelgen_guard";
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "migration 0002_coupons_and_priority comes after 0001_init, which has not run on this database: run the migrations in order" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 WHERE EXISTS (SELECT 1 FROM "modelgen_migrations") AND NOT EXISTS (SELECT 1 FROM "modelgen_migrations" WHERE "name" = '0001_init'));
DROP TABLE "modelgen_guard";

-- The database is where this migration starts: the tables it changes are as the old schema makes them.
CREATE TEMP TABLE "modelgen_expected" ("objectId" TEXT NOT NULL, "createdAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), "updatedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), "ACL" TEXT CHECK ("ACL" IS NULL OR json_valid("ACL")) CHECK (json_type("ACL") = 'object'), "name" TEXT NOT NULL, "email" TEXT, PRIMARY KEY ("objectId"));
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Customer: the table 'Customer' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 WHERE (SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Customer') IS NULL OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Customer', 'main') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp')) OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Customer', 'main')) OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Customer')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Customer'), ' CHECK (', ''))) / 8 <> 2 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Customer'), ' CHECK ("ACL" IS NULL OR json_valid("ACL"))') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Customer'), ' CHECK (json_type("ACL") = ''object'')') = 0 OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Customer')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Customer'), ' FOREIGN KEY (', ''))) / 14 <> 0 OR (SELECT group_concat("index", ';') FROM (SELECT l."name" || ':' || l."unique" || ':' || (SELECT group_concat(COALESCE(k."name", '?'), ',') FROM pragma_index_info(l."name") AS k) AS "index" FROM pragma_index_list('Customer') AS l WHERE l."origin" = 'c' ORDER BY l."name")) IS NOT 'Customer_unique_email:1:email');
DROP TABLE "modelgen_guard";
DROP TABLE "modelgen_expected";
CREATE TEMP TABLE "modelgen_expected" ("objectId" TEXT NOT NULL, "createdAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), "updatedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), "ACL" TEXT CHECK ("ACL" IS NULL OR json_valid("ACL")) CHECK (json_type("ACL") = 'object'), "customer" TEXT, "total" REAL CHECK ("total" >= 0), "status" TEXT CHECK ("status" IN ('placed', 'paid', 'shipped', 'cancelled')), "placedAt" TEXT, "lines" TEXT CHECK ("lines" IS NULL OR json_valid("lines")) CHECK (json_type("lines") = 'array'), PRIMARY KEY ("objectId"));
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Order: the table 'Order' is not as the old schema makes it (its columns, their types, defaults, CHECKs, foreign keys or indexes differ): this migration has run on the database already, or the database was made from another schema version; migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 WHERE (SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Order') IS NULL OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Order', 'main') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp')) OR EXISTS (SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('modelgen_expected', 'temp') EXCEPT SELECT "name", "type", "notnull", "dflt_value", "pk" FROM pragma_table_info('Order', 'main')) OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Order')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Order'), ' CHECK (', ''))) / 8 <> 6 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Order'), ' CHECK ("ACL" IS NULL OR json_valid("ACL"))') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Order'), ' CHECK (json_type("ACL") = ''object'')') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Order'), ' CHECK ("total" >= 0)') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Order'), ' CHECK ("status" IN (''placed'', ''paid'', ''shipped'', ''cancelled''))') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Order'), ' CHECK ("lines" IS NULL OR json_valid("lines"))') = 0 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Order'), ' CHECK (json_type("lines") = ''array'')') = 0 OR (length((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Order')) - length(replace((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Order'), ' FOREIGN KEY (', ''))) / 14 <> 1 OR instr((SELECT "sql" FROM sqlite_master WHERE "type" = 'table' AND "name" = 'Order'), 'CONSTRAINT "Order_customer_fkey" FOREIGN KEY ("customer") REFERENCES "Customer" ("objectId") ON DELETE CASCADE') = 0 OR (SELECT group_concat("index", ';') FROM (SELECT l."name" || ':' || l."unique" || ':' || (SELECT group_concat(COALESCE(k."name", '?'), ',') FROM pragma_index_info(l."name") AS k) AS "index" FROM pragma_index_list('Order') AS l WHERE l."origin" = 'c' ORDER BY l."name")) IS NOT 'Order_customer_idx:0:customer');
DROP TABLE "modelgen_guard";
DROP TABLE "modelgen_expected";

-- Renames declared with formerly.
ALTER TABLE "Customer" RENAME COLUMN "name" TO "fullName";

-- New tables.
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Coupon: the database has a table 'Coupon' already, so it was not made from the old schema: migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'Coupon');
DROP TABLE "modelgen_guard";

CREATE TABLE IF NOT EXISTS "Coupon" (
    -- A discount a customer may use.
    "objectId" TEXT NOT NULL,
    "createdAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    "updatedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    "ACL" TEXT CHECK ("ACL" IS NULL OR json_valid("ACL")) CHECK (json_type("ACL") = 'object'),
    "code" TEXT NOT NULL,
    "percentOff" INTEGER NOT NULL CHECK ("percentOff" BETWEEN 1 AND 100),
    "customer" TEXT,
    PRIMARY KEY ("objectId"),
    CONSTRAINT "Coupon_customer_fkey" FOREIGN KEY ("customer") REFERENCES "Customer" ("objectId") ON DELETE SET NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS "Coupon_unique_code" ON "Coupon" ("code");
CREATE INDEX IF NOT EXISTS "Coupon_customer_idx" ON "Coupon" ("customer");

-- Customer: rebuilt ("Customer" changes in ways ALTER TABLE cannot make).
CREATE TABLE IF NOT EXISTS "modelgen_new_Customer" (
    -- Someone who orders.
    "objectId" TEXT NOT NULL,
    "createdAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    "updatedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    "ACL" TEXT CHECK ("ACL" IS NULL OR json_valid("ACL")) CHECK (json_type("ACL") = 'object'),
    "fullName" TEXT NOT NULL,
    "email" TEXT,
    PRIMARY KEY ("objectId")
);
INSERT INTO "modelgen_new_Customer" ("objectId", "createdAt", "updatedAt", "ACL", "fullName", "email")
    SELECT "objectId", "createdAt", "updatedAt", "ACL", "fullName", "email" FROM "Customer";
DROP TABLE "Customer";
ALTER TABLE "modelgen_new_Customer" RENAME TO "Customer";
CREATE UNIQUE INDEX IF NOT EXISTS "Customer_unique_email" ON "Customer" ("email");

-- Order: rebuilt ("Order" changes in ways ALTER TABLE cannot make).
SELECT 'modelgen: Order.total: some values break its new min or max: change them first (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM "Order" WHERE NOT ("total" BETWEEN 0 AND 1000000) ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Order.total: some values break its new min or max: change them first" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Order" WHERE NOT ("total" BETWEEN 0 AND 1000000));
DROP TABLE "modelgen_guard";
SELECT 'modelgen: Order.status: some values break its new enum cases: change them first (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM "Order" WHERE NOT ("status" IN ('placed', 'paid', 'shipped', 'cancelled', 'refunded')) ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Order.status: some values break its new enum cases: change them first" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Order" WHERE NOT ("status" IN ('placed', 'paid', 'shipped', 'cancelled', 'refunded')));
DROP TABLE "modelgen_guard";
CREATE TABLE IF NOT EXISTS "modelgen_new_Order" (
    -- What a customer ordered.
    "objectId" TEXT NOT NULL,
    "createdAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    "updatedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    "ACL" TEXT CHECK ("ACL" IS NULL OR json_valid("ACL")) CHECK (json_type("ACL") = 'object'),
    "customer" TEXT,
    "total" REAL CHECK ("total" BETWEEN 0 AND 1000000),
    "status" TEXT CHECK ("status" IN ('placed', 'paid', 'shipped', 'cancelled', 'refunded')),
    "placedAt" TEXT,
    "lines" TEXT CHECK ("lines" IS NULL OR json_valid("lines")) CHECK (json_type("lines") = 'array'),
    "priority" INTEGER DEFAULT 0,
    PRIMARY KEY ("objectId"),
    CONSTRAINT "Order_customer_fkey" FOREIGN KEY ("customer") REFERENCES "Customer" ("objectId") ON DELETE CASCADE
);
INSERT INTO "modelgen_new_Order" ("objectId", "createdAt", "updatedAt", "ACL", "customer", "total", "status", "placedAt", "lines")
    SELECT "objectId", "createdAt", "updatedAt", "ACL", "customer", "total", "status", "placedAt", "lines" FROM "Order";
DROP TABLE "Order";
ALTER TABLE "modelgen_new_Order" RENAME TO "Order";
CREATE INDEX IF NOT EXISTS "Order_status_placedAt_idx" ON "Order" ("status", "placedAt");
CREATE INDEX IF NOT EXISTS "Order_customer_idx" ON "Order" ("customer");

-- Every row of a rebuilt table points to a row that exists.
SELECT 'modelgen: Customer: some rows point to objects that do not exist: clear or fix them first (PRAGMA foreign_key_check(''Customer'') lists them) (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM "Customer" WHERE rowid IN (SELECT rowid FROM pragma_foreign_key_check('Customer')) ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Customer: some rows point to objects that do not exist: clear or fix them first (PRAGMA foreign_key_check('Customer') lists them)" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Customer" WHERE rowid IN (SELECT rowid FROM pragma_foreign_key_check('Customer')));
DROP TABLE "modelgen_guard";
SELECT 'modelgen: Order: some rows point to objects that do not exist: clear or fix them first (PRAGMA foreign_key_check(''Order'') lists them) (first rows: objectId ' || "modelgen_keys" || ')' FROM (SELECT group_concat("modelgen_key", ', ') AS "modelgen_keys" FROM (SELECT "objectId" AS "modelgen_key" FROM "Order" WHERE rowid IN (SELECT rowid FROM pragma_foreign_key_check('Order')) ORDER BY 1 LIMIT 5)) WHERE "modelgen_keys" IS NOT NULL;
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Order: some rows point to objects that do not exist: clear or fix them first (PRAGMA foreign_key_check('Order') lists them)" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "Order" WHERE rowid IN (SELECT rowid FROM pragma_foreign_key_check('Order')));
DROP TABLE "modelgen_guard";

-- Recorded as run.
INSERT INTO "modelgen_migrations" ("name") VALUES ('0002_coupons_and_priority');

COMMIT;

PRAGMA foreign_keys = ON;
