#include "schema.h"

#include "error.h"
#include "identity.h"
#include "protocol.h"
#include "sqlite.h"
#include "types.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScopeGuard>

namespace sense7::schema {
namespace {

// Migrations are append-only: once released, a migration's text never changes.
const char *const migrations[] = {
    // 1: the data model of DESIGN.md.
    R"sql(
CREATE TABLE participant(
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    profile TEXT NOT NULL DEFAULT '{}' CHECK(json_valid(profile)),
    created_at TEXT NOT NULL);
CREATE TABLE conversation(
    id INTEGER PRIMARY KEY,
    participant_id INTEGER NOT NULL REFERENCES participant(id) ON DELETE CASCADE,
    source_format TEXT NOT NULL,
    source_id TEXT,
    agent TEXT,
    title TEXT NOT NULL DEFAULT '',
    started_at TEXT,
    context TEXT NOT NULL DEFAULT '{}' CHECK(json_valid(context)),
    content_hash TEXT NOT NULL UNIQUE);
CREATE TABLE turn(
    id INTEGER PRIMARY KEY,
    conversation_id INTEGER NOT NULL REFERENCES conversation(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    -- Not "role IN (...)": SQLite builds a temporary index for that list on every insert.
    role TEXT NOT NULL CHECK(role = 'user' OR role = 'assistant' OR role = 'system'
                             OR role = 'tool'),
    text TEXT NOT NULL,
    created_at TEXT,
    meta TEXT NOT NULL DEFAULT '{}' CHECK(json_valid(meta)),
    UNIQUE(conversation_id, idx));
CREATE TABLE instrument(
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    version TEXT NOT NULL,
    definition TEXT);
CREATE TABLE dimension(
    id INTEGER PRIMARY KEY,
    instrument_id INTEGER NOT NULL REFERENCES instrument(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    scale_min INTEGER NOT NULL,
    scale_max INTEGER NOT NULL CHECK(scale_max > scale_min),
    anchors TEXT NOT NULL DEFAULT '{}' CHECK(json_valid(anchors)),
    level TEXT NOT NULL CHECK(level IN ('turn','conversation')),
    position INTEGER NOT NULL,
    UNIQUE(instrument_id, key));
CREATE TABLE annotator(
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK(kind IN ('self','observer','model')));
CREATE TABLE rating(
    turn_id INTEGER NOT NULL REFERENCES turn(id) ON DELETE CASCADE,
    dimension_id INTEGER NOT NULL REFERENCES dimension(id) ON DELETE CASCADE,
    annotator_id INTEGER NOT NULL REFERENCES annotator(id) ON DELETE CASCADE,
    value INTEGER,
    updated_at TEXT NOT NULL,
    PRIMARY KEY(turn_id, dimension_id, annotator_id)) WITHOUT ROWID;
CREATE TABLE conversation_rating(
    conversation_id INTEGER NOT NULL REFERENCES conversation(id) ON DELETE CASCADE,
    dimension_id INTEGER NOT NULL REFERENCES dimension(id) ON DELETE CASCADE,
    annotator_id INTEGER NOT NULL REFERENCES annotator(id) ON DELETE CASCADE,
    value INTEGER,
    updated_at TEXT NOT NULL,
    PRIMARY KEY(conversation_id, dimension_id, annotator_id)) WITHOUT ROWID;
CREATE TABLE turn_flag(
    id INTEGER PRIMARY KEY,
    turn_id INTEGER NOT NULL REFERENCES turn(id) ON DELETE CASCADE,
    annotator_id INTEGER NOT NULL REFERENCES annotator(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK(kind IN ('continuity_break')),
    reason TEXT CHECK(reason IN ('forgot_context','contradicted_itself','repeated_itself',
                                 'ignored_instruction','lost_thread','technical_failure','other')),
    refers_to_turn_id INTEGER REFERENCES turn(id) ON DELETE SET NULL,
    note TEXT,
    UNIQUE(turn_id, annotator_id, kind));
-- Append-only journal of rating changes. present = 0: no rating; present = 1 and value NULL:
-- "not applicable".
CREATE TABLE rating_event(
    id INTEGER PRIMARY KEY,
    turn_id INTEGER NOT NULL REFERENCES turn(id) ON DELETE CASCADE,
    dimension_id INTEGER NOT NULL REFERENCES dimension(id) ON DELETE CASCADE,
    annotator_id INTEGER NOT NULL REFERENCES annotator(id) ON DELETE CASCADE,
    old_present INTEGER NOT NULL CHECK(old_present IN (0,1)),
    old_value INTEGER,
    new_present INTEGER NOT NULL CHECK(new_present IN (0,1)),
    new_value INTEGER,
    at TEXT NOT NULL);
)sql",
    // 2: provenance of merged conversations, and indexes for browsing large data sets.
    R"sql(
ALTER TABLE conversation ADD COLUMN provenance TEXT NOT NULL DEFAULT '{}'
    CHECK(json_valid(provenance));
CREATE INDEX conversation_by_participant ON conversation(participant_id);
CREATE INDEX rating_by_dimension ON rating(dimension_id, annotator_id);
CREATE INDEX turn_flag_by_turn ON turn_flag(turn_id);
CREATE INDEX rating_event_by_turn ON rating_event(turn_id, annotator_id);
)sql",
    // 3: notes on turns, and a journal that lets undo outlive the session. origin tells edits
    // made in the workspace ('edit', and their 'undo'/'redo') from data that arrived by import.
    R"sql(
ALTER TABLE rating_event ADD COLUMN origin TEXT NOT NULL DEFAULT 'data'
    CHECK(origin IN ('data','edit','undo','redo'));
CREATE INDEX rating_event_by_annotator ON rating_event(annotator_id, origin);
CREATE TABLE turn_note(
    turn_id INTEGER NOT NULL REFERENCES turn(id) ON DELETE CASCADE,
    annotator_id INTEGER NOT NULL REFERENCES annotator(id) ON DELETE CASCADE,
    text TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY(turn_id, annotator_id)) WITHOUT ROWID;
-- Edits other than turn ratings. subject_id is a turn, conversation or participant id by kind;
-- old and new are JSON values, NULL when absent. after_rating_event orders this journal with
-- rating_event: the edit came after that rating event and before the next one.
CREATE TABLE edit_event(
    id INTEGER PRIMARY KEY,
    annotator_id INTEGER REFERENCES annotator(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK(kind IN ('conversation_rating','flag','note','context','profile')),
    subject_id INTEGER NOT NULL,
    dimension_id INTEGER REFERENCES dimension(id) ON DELETE CASCADE,
    old TEXT CHECK(old IS NULL OR json_valid(old)),
    new TEXT CHECK(new IS NULL OR json_valid(new)),
    origin TEXT NOT NULL CHECK(origin IN ('data','edit','undo','redo')),
    after_rating_event INTEGER NOT NULL,
    at TEXT NOT NULL);
CREATE INDEX edit_event_by_annotator ON edit_event(annotator_id, origin);
)sql",

    // 4: how a model's ratings came about. One row per turn and model annotator: the hash of the
    // prompt (so an unchanged prompt is not sent again), the reply as received and its timing.
    R"sql(
CREATE TABLE model_prediction(
    turn_id INTEGER NOT NULL REFERENCES turn(id) ON DELETE CASCADE,
    annotator_id INTEGER NOT NULL REFERENCES annotator(id) ON DELETE CASCADE,
    prompt_hash TEXT NOT NULL,
    reply TEXT NOT NULL,
    elapsed_ms INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 1,
    at TEXT NOT NULL,
    PRIMARY KEY(turn_id, annotator_id));
)sql",

    // 5: what browsing a large data set needs. A digest per conversation (its size, the self
    // ratings as one compact row per dimension, flagged and detected breaks) so that the browser
    // and the aggregate charts never scan every rating. Triggers mark a digest stale whenever
    // what it summarises changes, with NOT EXISTS: OR IGNORE would be overridden by an upsert
    // that fires the trigger, and NOT IN would read the whole table each time. digest::refresh()
    // rebuilds the stale ones. turn_text is the full-text index of turn text (trigram: substrings
    // in any script), filled up to search_state.indexed_upto; turns are never edited, so new ones
    // are simply appended.
    R"sql(
CREATE TABLE digest_stale(conversation_id INTEGER PRIMARY KEY);
INSERT INTO digest_stale SELECT id FROM conversation;
CREATE TABLE conversation_digest(
    conversation_id INTEGER PRIMARY KEY REFERENCES conversation(id) ON DELETE CASCADE,
    turns INTEGER NOT NULL,
    assistant_turns INTEGER NOT NULL,
    rated_turns INTEGER NOT NULL,
    rated_cells INTEGER NOT NULL, -- self ratings on the first instrument, n/a included
    mean REAL,
    flagged INTEGER NOT NULL,
    detected INTEGER NOT NULL,
    breaks TEXT NOT NULL CHECK(json_valid(breaks)));
CREATE TABLE digest_dimension(
    conversation_id INTEGER NOT NULL REFERENCES conversation(id) ON DELETE CASCADE,
    dimension_id INTEGER NOT NULL REFERENCES dimension(id) ON DELETE CASCADE,
    n INTEGER NOT NULL,
    mean REAL,
    vals BLOB NOT NULL,
    PRIMARY KEY(conversation_id, dimension_id)) WITHOUT ROWID;
CREATE INDEX digest_dimension_by_mean ON digest_dimension(dimension_id, mean);
CREATE INDEX conversation_by_agent ON conversation(agent);
CREATE INDEX conversation_by_start ON conversation(started_at);
CREATE TRIGGER digest_conversation_added AFTER INSERT ON conversation BEGIN
    INSERT INTO digest_stale SELECT new.id
        WHERE NOT EXISTS (SELECT 1 FROM digest_stale WHERE conversation_id = new.id); END;
CREATE TRIGGER digest_rating_added AFTER INSERT ON rating BEGIN
    INSERT INTO digest_stale SELECT t.conversation_id FROM turn t WHERE t.id = new.turn_id
        AND NOT EXISTS (SELECT 1 FROM digest_stale s WHERE s.conversation_id = t.conversation_id);
    END;
CREATE TRIGGER digest_rating_changed AFTER UPDATE ON rating BEGIN
    INSERT INTO digest_stale SELECT t.conversation_id FROM turn t WHERE t.id = new.turn_id
        AND NOT EXISTS (SELECT 1 FROM digest_stale s WHERE s.conversation_id = t.conversation_id);
    END;
CREATE TRIGGER digest_rating_removed AFTER DELETE ON rating BEGIN
    INSERT INTO digest_stale SELECT t.conversation_id FROM turn t WHERE t.id = old.turn_id
        AND NOT EXISTS (SELECT 1 FROM digest_stale s WHERE s.conversation_id = t.conversation_id);
    END;
CREATE TRIGGER digest_flag_added AFTER INSERT ON turn_flag BEGIN
    INSERT INTO digest_stale SELECT t.conversation_id FROM turn t WHERE t.id = new.turn_id
        AND NOT EXISTS (SELECT 1 FROM digest_stale s WHERE s.conversation_id = t.conversation_id);
    END;
CREATE TRIGGER digest_flag_changed AFTER UPDATE ON turn_flag BEGIN
    INSERT INTO digest_stale SELECT t.conversation_id FROM turn t WHERE t.id = new.turn_id
        AND NOT EXISTS (SELECT 1 FROM digest_stale s WHERE s.conversation_id = t.conversation_id);
    END;
CREATE TRIGGER digest_flag_removed AFTER DELETE ON turn_flag BEGIN
    INSERT INTO digest_stale SELECT t.conversation_id FROM turn t WHERE t.id = old.turn_id
        AND NOT EXISTS (SELECT 1 FROM digest_stale s WHERE s.conversation_id = t.conversation_id);
    END;
CREATE VIRTUAL TABLE turn_text USING fts5(text, content='turn', content_rowid='id',
                                          tokenize='trigram');
CREATE TABLE search_state(indexed_upto INTEGER NOT NULL);
INSERT INTO search_state VALUES(0);
CREATE TRIGGER turn_text_removed AFTER DELETE ON turn
    WHEN old.id <= (SELECT indexed_upto FROM search_state) BEGIN
    INSERT INTO turn_text(turn_text, rowid, text) VALUES('delete', old.id, old.text); END;
)sql",

    // 6: how a conversation and a participant are known when shared anonymised (identity.h), so
    // that either form of the same data is recognised. anonymised_hash is filled in by
    // fillAnonymisedHashes() below; pseudonym only when a bundle brought it.
    R"sql(
ALTER TABLE conversation ADD COLUMN anonymised_hash TEXT;
ALTER TABLE participant ADD COLUMN pseudonym TEXT;
CREATE INDEX conversation_by_anonymised_hash ON conversation(anonymised_hash);
)sql",

    // 7: the study protocol the data set was made under (protocol.h): one row, its canonical
    // JSON and fingerprint. The instruments stay in their own tables; recordProtocol() below
    // makes every earlier data set a SENSE-7-protocol one listing the instruments it has.
    R"sql(
CREATE TABLE protocol(
    id INTEGER PRIMARY KEY CHECK(id = 1),
    key TEXT NOT NULL,
    version TEXT NOT NULL,
    definition TEXT NOT NULL CHECK(json_valid(definition)),
    fingerprint TEXT NOT NULL);
)sql",

    // 8: live sessions (protocol.h LivePlan). A live conversation records the condition it was
    // held with; a participant the conditions assigned to them (JSON: {"position": N, the order
    // in which they were assigned, "conditions": [keys in the order met]}); each sitting is a
    // session from the turn it began at; the unsent message of a conversation is its draft.
    R"sql(
ALTER TABLE conversation ADD COLUMN condition TEXT;
ALTER TABLE participant ADD COLUMN assignment TEXT CHECK(assignment IS NULL OR json_valid(assignment));
CREATE TABLE session(
    id INTEGER PRIMARY KEY,
    conversation_id INTEGER NOT NULL REFERENCES conversation(id) ON DELETE CASCADE,
    started_at TEXT NOT NULL,
    ended_at TEXT,
    first_turn_idx INTEGER NOT NULL);
CREATE INDEX session_by_conversation ON session(conversation_id);
CREATE TABLE draft(
    conversation_id INTEGER PRIMARY KEY REFERENCES conversation(id) ON DELETE CASCADE,
    text TEXT NOT NULL,
    updated_at TEXT NOT NULL);
)sql",

    // 9: the study server this data set syncs with (one at most), and how far each journal has
    // been pushed to it and pulled from it. Written by the sync engine only.
    R"sql(
CREATE TABLE sync_server(
    id INTEGER PRIMARY KEY CHECK(id = 1),
    url TEXT NOT NULL,
    participant_code TEXT NOT NULL,
    machine TEXT NOT NULL,
    sharing TEXT NOT NULL CHECK(sharing IN ('full','redacted','ratings')),
    consent_at TEXT,
    joined_at TEXT NOT NULL,
    last_sync_at TEXT);
CREATE TABLE sync_mark(
    stream TEXT PRIMARY KEY,
    upto INTEGER NOT NULL) WITHOUT ROWID;
)sql",

    // 10: browsing 500,000 conversations answers from indexes. One assistant's conversations by
    // date (the browser's default order) without sorting them; the live conditions without
    // reading every conversation (imported ones have none, so the index stays empty); the task
    // types, and the count of a task type with or without an assistant; the conversations with
    // flagged or detected breaks without reading every digest.
    R"sql(
DROP INDEX conversation_by_agent;
CREATE INDEX conversation_by_agent ON conversation(agent, started_at);
CREATE INDEX conversation_by_condition ON conversation(condition) WHERE condition IS NOT NULL;
CREATE INDEX conversation_by_task ON conversation(json_extract(context, '$.task_type'), agent);
CREATE INDEX digest_flagged ON conversation_digest(conversation_id) WHERE flagged > 0;
CREATE INDEX digest_detected ON conversation_digest(conversation_id) WHERE detected > 0;
)sql",

    // 11: a turn's conversation without reading the turn. A full-text search finds turns; the
    // browser needs their conversations, and reading each found turn's row (its text beside it)
    // was most of a common word's search after the index. Turns are appended in id order, so the
    // index grows at its end.
    R"sql(
CREATE INDEX turn_conversation ON turn(id, conversation_id);
)sql",

    // 12: whose a sitting is. A live conversation goes on on any of a participant's machines; each
    // continues, ends and sends as its own only the sittings begun on it, and takes the others'
    // as they come. A conversation imported from a file was held elsewhere: none of its sittings
    // is this data set's. In one that pulled from a study server, some sittings came from other
    // machines and none can be told apart any more: none is taken as its own, so none is ended
    // or moved here for another machine. Every other sitting was begun here.
    R"sql(
ALTER TABLE session ADD COLUMN begun_here INTEGER NOT NULL DEFAULT 1;
UPDATE session SET begun_here = 0
 WHERE conversation_id IN (SELECT id FROM conversation
                            WHERE json_extract(provenance, '$.file') IS NOT NULL)
    OR EXISTS (SELECT 1 FROM sync_mark WHERE stream = 'pulled:server_seq' AND upto > 0);
)sql",

    // 13: a participant's conversations by where they came from. A later export holds a
    // conversation that went on since (or was edited) under the id it had: other content, so
    // not the same conversation, but the import says the participant has one from that source
    // already. The participant's index grows by the source rather than another index being
    // added: building indexes after a bulk import reads the whole table for each.
    R"sql(
DROP INDEX conversation_by_participant;
CREATE INDEX conversation_by_participant ON conversation(participant_id, source_format, source_id);
)sql",

    // 14: a new turn is never taken for an indexed one. A turn's id is its rowid, one past the
    // highest: once the highest turns are deleted (a participant removed, a conversation replaced
    // by a pull), new turns took ids at or below search_state.indexed_upto, which neither the
    // full-text index nor the search of unindexed text then read. Deleting any turn now brings
    // indexed_upto down to the highest turn left, after taking an indexed one out of the index,
    // so every turn added later lies above it. repairSearchIndex() below mends what an earlier
    // format left so.
    R"sql(
DROP TRIGGER turn_text_removed;
CREATE TRIGGER turn_text_removed AFTER DELETE ON turn BEGIN
    INSERT INTO turn_text(turn_text, rowid, text) SELECT 'delete', old.id, old.text
     WHERE old.id <= (SELECT indexed_upto FROM search_state);
    UPDATE search_state SET indexed_upto = (SELECT coalesce(max(id), 0) FROM turn)
     WHERE indexed_upto > (SELECT coalesce(max(id), 0) FROM turn); END;
)sql",

    // 15: the two UNIQUE constraints of conversations and turns become named indexes (the same
    // keys, in the same b-trees: nameUniqueIndexes() below), so that an import into an empty data
    // set drops them with the others and builds each from the rows at its end
    // (Store::AddingConversations). Kept up row by row, the content hashes' index (random keys)
    // and the two indexes of three million turns took a fifth of a million conversations'
    // import, after the indexes' building at its end is paid for.
    R"sql(
-- nameUniqueIndexes()
)sql",
};

static_assert(sizeof(migrations) / sizeof(migrations[0]) == currentVersion,
              "one migration per schema version");

/**
 * Version 6: the anonymised hash of every conversation. A conversation that arrived from a
 * bundle whose content hash is not the hash of its own text came from an anonymised bundle (only
 * those carry a stand-in, and their text may be redacted): its content hash already is its
 * anonymised one. Every other conversation's is derived from its content hash; hashes of
 * another length date from before content hashes had 32 digits, so never are stand-ins. A
 * participant all of whose conversations arrived anonymised goes by their code as pseudonym.
 */
void fillAnonymisedHashes(sql::Connection &db)
{
    sql::Statement conversations(db,
                                 "SELECT id, content_hash, source_format, "
                                 "json_extract(provenance, '$.bundle') IS NOT NULL "
                                 "FROM conversation");
    sql::Statement turns(db, "SELECT role, text FROM turn WHERE conversation_id = ? ORDER BY idx");
    sql::Statement update(db, "UPDATE conversation SET anonymised_hash = ? WHERE id = ?");
    while (conversations.next()) {
        const QString hash = conversations.text(1);
        bool arrivedAnonymised = false;
        if (conversations.integer(3) != 0 && hash.size() == 32) {
            QVector<Turn> text;
            turns.bind(1, conversations.int64(0));
            while (turns.next()) {
                Turn t;
                t.role = roleFromKey(turns.text(0)).value_or(Role::User);
                t.text = turns.text(1);
                text.append(t);
            }
            turns.reset();
            arrivedAnonymised = contentHash(conversations.text(2), text) != hash;
        }
        update.bind(1, arrivedAnonymised ? hash : identity::anonymisedHash(hash))
            .bind(2, conversations.int64(0))
            .run();
        update.reset();
    }
    // A participant all of whose conversations arrived anonymised goes by a pseudonym already.
    db.exec("UPDATE participant SET pseudonym = code WHERE EXISTS "
            "(SELECT 1 FROM conversation c WHERE c.participant_id = participant.id) "
            "AND NOT EXISTS (SELECT 1 FROM conversation c WHERE c.participant_id = participant.id "
            "AND c.content_hash IS NOT c.anonymised_hash)");
}

/**
 * Version 7: the data set's protocol. Data sets made before protocols existed were made under
 * SENSE-7; the protocol recorded lists the instruments installed (SENSE-7, and any other an import
 * added), with the SENSE-7 protocol's forms, consent and plans. A new data set gets the same row,
 * which Store::create() then replaces with the protocol it is made under.
 */
void recordProtocol(sql::Connection &db)
{
    QVector<Instrument> installed;
    sql::Statement instruments(db,
                               "SELECT id, key, name, version, coalesce(definition, '') "
                               "FROM instrument ORDER BY id");
    sql::Statement dims(db,
                        "SELECT key, name, description, scale_min, scale_max, anchors, level "
                        "FROM dimension WHERE instrument_id = ? ORDER BY position");
    while (instruments.next()) {
        Instrument instrument;
        instrument.key = instruments.text(1);
        instrument.name = instruments.text(2);
        instrument.version = instruments.text(3);
        instrument.definition = instruments.text(4).toUtf8();
        dims.bind(1, instruments.int64(0));
        while (dims.next()) {
            Dimension d;
            d.key = dims.text(0);
            d.name = dims.text(1);
            d.question = dims.text(2);
            d.scaleMin = dims.integer(3);
            d.scaleMax = dims.integer(4);
            const QJsonObject anchors = QJsonDocument::fromJson(dims.text(5).toUtf8()).object();
            for (auto it = anchors.begin(); it != anchors.end(); ++it)
                d.anchors.insert(it.key().toInt(), it.value().toString());
            d.level = fromKey<Level>(dims.text(6)).value_or(Level::Conversation);
            instrument.dimensions.append(d);
        }
        dims.reset();
        installed.append(instrument);
    }
    const Protocol sense7 = protocol::sense7();
    Protocol recorded = protocol::parseStored(protocol::withInstruments(sense7, installed),
                                              QStringLiteral("protocol"));
    sql::Statement insert(db,
                          "INSERT INTO protocol(id, key, version, definition, fingerprint) "
                          "VALUES (1, ?, ?, ?, ?)");
    insert.bind(1, recorded.key)
        .bind(2, recorded.version)
        .bind(3, recorded.definition)
        .bind(4, recorded.fingerprint())
        .run();
}

/**
 * Version 14: what earlier formats left when the highest turns were deleted (see the migration).
 * The turns below search_state.indexed_upto that the full-text index lacks, which took the ids
 * of deleted ones, are indexed: the index keeps a size row per turn it holds, the counts tell in
 * one pass over each whether any is missing, and only then are the turns looked up one by one.
 * Then indexed_upto comes down to the highest turn, so that the next turn added lies above it.
 */
void repairSearchIndex(sql::Connection &db)
{
    const qint64 turns = db.pragmaInt(
        "SELECT count(*) FROM turn WHERE id <= (SELECT indexed_upto FROM search_state)");
    if (turns != db.pragmaInt("SELECT count(*) FROM turn_text_docsize"))
        db.exec("INSERT INTO turn_text(rowid, text) SELECT id, text FROM turn "
                "WHERE id <= (SELECT indexed_upto FROM search_state) "
                "AND NOT EXISTS (SELECT 1 FROM turn_text_docsize d WHERE d.id = turn.id)");
    db.exec("UPDATE search_state SET indexed_upto = (SELECT coalesce(max(id), 0) FROM turn) "
            "WHERE indexed_upto > (SELECT coalesce(max(id), 0) FROM turn)");
}

/**
 * Version 15: each UNIQUE constraint's automatic index becomes the named index it stands for. The
 * index of a rowid table's UNIQUE column list holds the same records as CREATE UNIQUE INDEX over
 * those columns (the columns, then the rowid), so only the schema's text changes: the constraint
 * leaves the table's definition and its index takes a name and a definition, as SQLite describes
 * for changes that leave the file's content as it is (lang_altertable.html, "other kinds of
 * table schema changes"). Nothing is copied, whatever the data set's size.
 */
void nameUniqueIndexes(sql::Connection &db)
{
    struct Named
    {
        const char *table;
        const char *constraint; // in the table's definition, and what replaces it
        const char *without;
        const char *autoindex;
        const char *index;
        const char *definition;
    };
    static const Named named[] = {
        {"conversation", "content_hash TEXT NOT NULL UNIQUE", "content_hash TEXT NOT NULL",
         "sqlite_autoindex_conversation_1", "conversation_by_content_hash",
         "CREATE UNIQUE INDEX conversation_by_content_hash ON conversation(content_hash)"},
        {"turn", ",\n    UNIQUE(conversation_id, idx))", ")", "sqlite_autoindex_turn_1",
         "turn_by_position", "CREATE UNIQUE INDEX turn_by_position ON turn(conversation_id, idx)"},
    };
    const qint64 schemaVersion = db.pragmaInt("PRAGMA schema_version");
    db.exec("PRAGMA writable_schema = ON");
    // However this ends: a refusal rolls the migration's transaction back, and the schema read
    // again is the one the file holds.
    const auto off = qScopeGuard([&db] {
        try {
            db.exec("PRAGMA writable_schema = RESET");
        } catch (const Error &) {
            // Only a closed connection refuses it, and the next one starts with it off.
        }
    });
    for (const Named &n : named) {
        sql::Statement table(db,
                             "UPDATE sqlite_schema SET sql = replace(sql, ?2, ?3) "
                             "WHERE type = 'table' AND name = ?1 AND instr(sql, ?2) > 0");
        table.bind(1, QByteArray(n.table)).bind(2, QByteArray(n.constraint));
        table.bind(3, QByteArray(n.without)).run();
        const qint64 tables = db.pragmaInt("SELECT changes()");
        sql::Statement index(db,
                             "UPDATE sqlite_schema SET name = ?2, sql = ?3 "
                             "WHERE type = 'index' AND name = ?1 AND tbl_name = ?4");
        index.bind(1, QByteArray(n.autoindex)).bind(2, QByteArray(n.index));
        index.bind(3, QByteArray(n.definition)).bind(4, QByteArray(n.table)).run();
        if (tables != 1 || db.pragmaInt("SELECT changes()") != 1)
            throw Error(QCoreApplication::translate("sense7::schema",
                                                    "%1: the data set's table \"%2\" is not "
                                                    "defined as this program defines it.")
                            .arg(db.path(), QLatin1String(n.table)));
    }
    // Statements prepared before read the schema again; RESET (above) turns writing it off and
    // reloads it.
    db.setPragma("schema_version", schemaVersion + 1);
}

/** C++ steps that follow a migration's SQL, by version; nullptr: none. Append-only as well. */
void (*const afterwards[])(sql::Connection &) = {
    nullptr, nullptr, nullptr, nullptr, nullptr, fillAnonymisedHashes, recordProtocol,   nullptr,
    nullptr, nullptr, nullptr, nullptr, nullptr, repairSearchIndex,    nameUniqueIndexes};

static_assert(sizeof(afterwards) / sizeof(afterwards[0]) == currentVersion,
              "one entry per schema version");

} // namespace

void migrate(sql::Connection &db, int target)
{
    sql::Transaction tx(db);
    const int from = int(db.pragmaInt("PRAGMA user_version"));
    for (int version = from + 1; version <= target; ++version) {
        db.exec(migrations[version - 1]);
        if (afterwards[version - 1])
            afterwards[version - 1](db);
    }
    if (from < target) {
        db.setPragma("application_id", applicationId);
        db.setPragma("user_version", target);
    }
    tx.commit();
}

} // namespace sense7::schema
