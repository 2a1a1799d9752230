-- routes.connector_ids as TEXT[]: the PGlite driver adapter cannot read a UUID[] column
-- ("Failed to deserialize column of type 'Unknown'"), so the model API could not read a route on
-- the embedded database. The ids are still connector UUIDs, checked when a route is written
-- (lib/core/routing/manage-routes.ts); the route table reads them as text either way.
ALTER TABLE "routes" ALTER COLUMN "connector_ids" TYPE TEXT[] USING "connector_ids"::text[];
