-- Schema version 1 of Sense-7 data sets, with a little data.
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

-- A data set as version 1 of the schema wrote it (frozen: never edit this file).
PRAGMA application_id = 1397050935;
PRAGMA user_version = 1;
INSERT INTO participant(id, code, profile, created_at) VALUES (1, 'P07', '{"trust_in_ai":3}', '2025-01-02T10:00:00.000Z');
INSERT INTO conversation(id, participant_id, source_format, agent, title, started_at, context, content_hash)
  VALUES (1, 1, 'chatgpt', 'gpt-4o', 'Old conversation', '2025-01-02T10:00:00.000Z', '{"task_type":"writing"}', 'abc123');
INSERT INTO turn(id, conversation_id, idx, role, text) VALUES (1, 1, 0, 'user', 'Hello');
INSERT INTO turn(id, conversation_id, idx, role, text) VALUES (2, 1, 1, 'assistant', 'Hi, how can I help?');
INSERT INTO instrument(id, key, name, version) VALUES (1, 'sense7', 'SENSE-7', '1.0');
INSERT INTO dimension(id, instrument_id, key, name, scale_min, scale_max, level, position)
  VALUES (1, 1, 'warmth', 'Warmth', 1, 5, 'turn', 0);
INSERT INTO annotator(id, code, kind) VALUES (1, 'self', 'self');
INSERT INTO rating(turn_id, dimension_id, annotator_id, value, updated_at) VALUES (2, 1, 1, 4, '2025-01-02T10:05:00.000Z');
