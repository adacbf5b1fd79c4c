#pragma once

namespace sense7::sql {
class Connection;
}

namespace sense7::schema {

/** The schema version this build writes; files with a higher PRAGMA user_version are refused. */
constexpr int currentVersion = 15;
/** PRAGMA application_id of every Sense-7 data set ("SEN7"). */
constexpr int applicationId = 0x53454e37;

/**
 * Brings \a db from its PRAGMA user_version up to \a target by running the ordered migrations in
 * one transaction. Throws on failure, leaving the file as it was.
 */
void migrate(sql::Connection &db, int target = currentVersion);

} // namespace sense7::schema
