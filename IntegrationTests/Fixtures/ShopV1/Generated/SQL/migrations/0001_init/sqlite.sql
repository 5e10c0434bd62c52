-- Migration 0001_init by modelgen, relational layout: from an empty database to the schema in schema/.
-- It runs in one transaction: all of it, or, when a statement or a check fails, none of it.
-- Apply with: sqlite3 -bail app.db < sqlite.sql

-- Foreign keys stay off while tables are rebuilt (dropping a table would otherwise delete
-- or block the rows that point to it); they are checked before COMMIT and turned on after.
PRAGMA foreign_keys = OFF;

BEGIN;

-- This migration runs once, after none other; modelgen_migrations records those that ran.
CREATE TABLE IF NOT EXISTS "modelgen_migrations" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "appliedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "migration 0001_init has run on this database already" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "modelgen_migrations" WHERE "name" = '0001_init');
DROP TABLE "modelgen_guard";
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "a migration after 0001_init has run on this database already: run the migrations in order" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM "modelgen_migrations" WHERE "name" > '0001_init');
DROP TABLE "modelgen_guard";

-- New tables.
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Customer: the database has a table 'Customer' already, so it was not made from the old schema: migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'Customer');
DROP TABLE "modelgen_guard";
CREATE TEMP TABLE "modelgen_guard" ("passed" INTEGER CONSTRAINT "Order: the database has a table 'Order' already, so it was not made from the old schema: migrate from the schema it was made from" CHECK ("passed"));
INSERT INTO "modelgen_guard" SELECT NOT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'Order');
DROP TABLE "modelgen_guard";

CREATE TABLE IF NOT EXISTS "Customer" (
    -- Someone who orders.
    "objectId" TEXT NOT NULL,
    "createdAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    "updatedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    "ACL" TEXT CHECK ("ACL" IS NULL OR json_valid("ACL")) CHECK (json_type("ACL") = 'object'),
    "name" TEXT NOT NULL,
    "email" TEXT,
    PRIMARY KEY ("objectId")
);
CREATE UNIQUE INDEX IF NOT EXISTS "Customer_unique_email" ON "Customer" ("email");

CREATE TABLE IF NOT EXISTS "Order" (
    -- What a customer ordered.
    "objectId" TEXT NOT NULL,
    "createdAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    "updatedAt" TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    "ACL" TEXT CHECK ("ACL" IS NULL OR json_valid("ACL")) CHECK (json_type("ACL") = 'object'),
    "customer" TEXT,
    "total" REAL CHECK ("total" >= 0),
    "status" TEXT CHECK ("status" IN ('placed', 'paid', 'shipped', 'cancelled')),
    "placedAt" TEXT,
    "lines" TEXT CHECK ("lines" IS NULL OR json_valid("lines")) CHECK (json_type("lines") = 'array'),
    PRIMARY KEY ("objectId"),
    CONSTRAINT "Order_customer_fkey" FOREIGN KEY ("customer") REFERENCES "Customer" ("objectId") ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS "Order_customer_idx" ON "Order" ("customer");

-- Recorded as run.
INSERT INTO "modelgen_migrations" ("name") VALUES ('0001_init');

COMMIT;

PRAGMA foreign_keys = ON;
