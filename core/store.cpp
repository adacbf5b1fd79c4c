#include "store.h"

#include "error.h"
#include "schema.h"
#include "store_p.h"
#include "writeback.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QScopeGuard>
#include <QThread>
#include <QTimer>

#include <exception>

namespace sense7 {

using namespace storage;

namespace {

void applyConnectionSettings(sql::Connection &db)
{
    db.exec("PRAGMA foreign_keys = ON");
    // A second process (the CLI, another studio) may hold the write lock for a moment.
    db.exec("PRAGMA busy_timeout = 5000");
    // 16 MiB of pages rather than SQLite's 2 MiB: with 16 KiB pages the default held only 125,
    // and the studio's list of 50,000 conversations opened in 1.4 s instead of 0.9 s.
    db.exec("PRAGMA cache_size = -16384"); // KiB
    // Statement journals (a statement that fires a trigger keeps the pages it changes, to undo
    // it alone) and temporary tables in memory rather than in temporary files: one write a page
    // otherwise. Set once: changing it later drops the connection's temporary tables.
    db.exec("PRAGMA temp_store = MEMORY");
    if (!db.isReadOnly()) {
        // FULL: a commit the UI reports as saved survives a power cut, not only a crash.
        db.exec("PRAGMA synchronous = FULL");
    }
}

} // namespace

Store::HoldWrites::HoldWrites(Store &store)
    : m_store(store)
{
    if (m_store.m_writeHolds++ == 0)
        m_store.m_db->refuseWrites(
            tr("an import is under way, so the change was not saved. Try again when it has "
               "finished."));
}

Store::HoldWrites::~HoldWrites()
{
    if (--m_store.m_writeHolds > 0)
        return;
    m_store.m_db->refuseWrites(QString());
    // Announced from the event loop, not here: the hold ends while the import's transaction
    // is still open, and a change written now would join it. Events are next handled when the
    // import has ended, or under its next hold (which announces its own end).
    if (m_store.m_releasePosted)
        return;
    m_store.m_releasePosted = true;
    QMetaObject::invokeMethod(
        &m_store,
        [store = &m_store] {
            store->m_releasePosted = false;
            if (!store->writesHeld()) // else that hold's end posts again
                Q_EMIT store->writesReleased();
        },
        Qt::QueuedConnection);
}

Store::BulkWrite::BulkWrite(Store &store, Sorting sorting)
    : m_db(*store.m_db)
{
    m_cacheSize = m_db.pragmaInt("PRAGMA cache_size");
    m_db.exec("PRAGMA cache_size = -65536"); // 64 MiB
    try {
        if (sorting == Sorting::OnThreads && !m_db.inTransaction()) {
            const qint64 tempStore = m_db.pragmaInt("PRAGMA temp_store");
            try {
                m_db.exec("PRAGMA temp_store = FILE");
                m_tempStore = tempStore;
            } catch (const Error &) {
                // Only a question of speed: the sorting stays in memory.
            }
        }
        if (!store.m_openedFile.isEmpty())
            m_writeBehind = std::make_unique<WriteBehind>(store.path());
        if (m_db.pragmaText("PRAGMA journal_mode")
                .compare(QLatin1String("wal"), Qt::CaseInsensitive)
            != 0)
            return;
        const qint64 timeout = m_db.pragmaInt("PRAGMA busy_timeout");
        m_db.exec("PRAGMA busy_timeout = 0"); // another connection: give up at once
        try {
            m_rollbackJournal = m_db.pragmaText("PRAGMA journal_mode = DELETE")
                                    .compare(QLatin1String("delete"), Qt::CaseInsensitive)
                == 0;
        } catch (const Error &) {
            m_rollbackJournal = false; // busy: another connection has the data set open
        }
        m_db.setPragma("busy_timeout", timeout);
    } catch (...) {
        restore();
        throw;
    }
}

bool Store::BulkWrite::writesBehind() const
{
    return m_writeBehind && m_writeBehind->watching();
}

Store::BulkWrite::~BulkWrite()
{
    if (m_rollbackJournal) {
        try {
            m_db.pragmaText("PRAGMA journal_mode = WAL");
        } catch (const Error &) {
            // Busy: the data set stays in rollback mode until it is next opened (Store::open
            // sets WAL mode again); nothing is lost.
        }
    }
    restore();
}

void Store::BulkWrite::restore() noexcept
{
    m_db.trySetPragma("cache_size", m_cacheSize);
    // Refused while a statement reads a temporary table: sorting stays in files on this
    // connection, which changes speed only.
    if (m_tempStore >= 0)
        m_db.trySetPragma("temp_store", m_tempStore);
}

Store::AddingConversations::AddingConversations(Store &store)
    : m_store(store)
    , m_db(*store.m_db)
    , m_exceptions(std::uncaught_exceptions())
{
    if (!m_db.inTransaction())
        throw Error(tr("%1: adding conversations in bulk needs a transaction.").arg(store.path()));
    {
        sql::Statement trigger(m_db,
                               "SELECT sql FROM sqlite_master WHERE type = 'trigger' "
                               "AND name = 'digest_conversation_added'");
        if (trigger.next())
            m_trigger = trigger.text(0).toUtf8();
    }
    {
        sql::Statement last(m_db, "SELECT coalesce(max(id), 0) FROM conversation");
        m_lastBefore = last.next() ? last.int64(0) : 0;
    }
    if (!m_trigger.isEmpty())
        m_db.exec("DROP TRIGGER digest_conversation_added");
    const bool dropIndexes = m_lastBefore == 0 && !m_store.m_adding;
    if (dropIndexes) {
        QStringList names;
        {
            sql::Statement indexes(m_db,
                                   "SELECT name, sql FROM sqlite_master WHERE type = 'index' "
                                   "AND tbl_name IN ('conversation', 'turn') "
                                   "AND sql IS NOT NULL AND name NOT IN "
                                   "('turn_conversation', 'conversation_by_condition')");
            while (indexes.next()) {
                names << indexes.text(0);
                m_indexes << indexes.text(1).toUtf8();
            }
        }
        for (const QString &name : std::as_const(names))
            m_db.exec(QByteArray("DROP INDEX \"" + name.toUtf8() + '"').constData());
    }
    // Last, so that nothing can throw after it (no destructor would turn them on again).
    m_db.exec("PRAGMA ignore_check_constraints = ON");
    m_checksOff = true;
    if (dropIndexes)
        m_store.m_adding = this;
}

Store::AddingConversations::~AddingConversations()
{
    // Unwinding: the transaction is rolled back, which restores the trigger and the indexes
    // (building the indexes first would only delay that).
    if (std::uncaught_exceptions() == m_exceptions) {
        try {
            finish();
        } catch (const Error &) {
            // The caller's commit fails the same way.
        }
    }
    enforceChecks();
    if (m_store.m_adding == this)
        m_store.m_adding = nullptr;
}

void Store::AddingConversations::enforceChecks() noexcept
{
    if (!m_checksOff)
        return;
    try {
        m_db.exec("PRAGMA ignore_check_constraints = OFF");
        m_checksOff = false;
    } catch (const Error &) {
        // Only a closed connection refuses a pragma; the next one opened starts with them on.
    }
}

void Store::AddingConversations::restoreIndexes()
{
    if (m_indexes.isEmpty())
        return;
    // SQLite sorts each index's keys in runs the size of the page cache. When it sorts in
    // temporary files (BulkWrite::Sorting::OnThreads) it sorts the runs on worker threads while
    // it reads the table on: with 4 MiB runs and as many threads as cores (up to four), the six
    // indexes of a million conversations take 2.7 s instead of 4.5 s on two cores. In memory,
    // the run size makes no difference.
    const qint64 cacheSize = m_db.pragmaInt("PRAGMA cache_size");
    const qint64 threads = m_db.pragmaInt("PRAGMA threads");
    const auto restore = qScopeGuard([&] {
        // Each on its own: one refused leaves the other restored (only speed depends on either).
        m_db.trySetPragma("cache_size", cacheSize);
        m_db.trySetPragma("threads", threads);
    });
    m_db.setPragma("cache_size", -4096); // KiB
    m_db.setPragma("threads", qBound(1, QThread::idealThreadCount(), 4));
    while (!m_indexes.isEmpty()) {
        m_db.exec(m_indexes.constFirst().constData());
        m_indexes.removeFirst();
    }
}

void Store::AddingConversations::finish()
{
    enforceChecks();
    restoreIndexes();
    if (m_trigger.isEmpty())
        return;
    // What the trigger would have done for each: ids only grow, so the new ones are the larger.
    // Not for those written with their digest (an import's, digest::UnratedWriter): their
    // ratings and flags, written after, marked them stale through their own triggers.
    if (m_marksNeeded) {
        sql::Statement mark(m_db,
                            "INSERT INTO digest_stale SELECT id FROM conversation WHERE id > ? "
                            "AND NOT EXISTS (SELECT 1 FROM digest_stale WHERE conversation_id = "
                            "conversation.id) AND NOT EXISTS (SELECT 1 FROM conversation_digest "
                            "WHERE conversation_id = conversation.id)");
        mark.bind(1, m_lastBefore).run();
    }
    m_db.exec(m_trigger.constData());
    m_trigger.clear();
}

Store::Store()
    : m_db(std::make_unique<sql::Connection>())
{ }

bool Store::isStillAtPath() const
{
    return !m_openedFile.isEmpty() && integrity::fileIdentity(path()) == m_openedFile;
}

std::unique_ptr<sql::Connection> Store::openReader() const
{
    if (!isStillAtPath())
        throw Error(tr("%1 is not the file this data set was opened from any more.").arg(path()));
    auto db = std::make_unique<sql::Connection>();
    db->open(path(),
             m_db->isImmutable() ? sql::Connection::Access::Immutable
                                 : sql::Connection::Access::ReadOnly);
    applyConnectionSettings(*db);
    return db;
}

Store::~Store()
{
    if (!m_verifiedAt.isValid() || !m_db->isOpen() || m_db->isReadOnly())
        return;
    // Found undamaged when it opened, and only SQLite wrote it since: the next open need not
    // read every page again while nothing else changes the file (integrity::checkOnOpen). Not
    // when SQLite met damage or a failed read or write meanwhile, nor when another file now
    // stands at the path (copied or synced over it): then the next open checks it.
    const QString file = m_db->path();
    const bool trusted = !m_db->sawDamage() && integrity::fileIdentity(file) == m_openedFile;
    try {
        m_db->close();
    } catch (const Error &) {
        integrity::forgetClean(file);
        return;
    }
    if (trusted && !m_db->sawDamage())
        integrity::rememberClean(file, m_verifiedAt);
    else
        integrity::forgetClean(file);
}

std::unique_ptr<Store> Store::create(const QString &path)
{
    return create(path, protocol::sense7());
}

std::unique_ptr<Store> Store::create(const QString &path, const Protocol &protocol)
{
    if (path != QLatin1String(":memory:") && QFileInfo::exists(path))
        throw Error(tr("%1 already exists: choose a new file name for the data set.").arg(path));
    std::unique_ptr<Store> store(new Store);
    try {
        store->m_db->open(path, sql::Connection::Access::Create);
        // 16 KiB pages rather than SQLite's 4 KiB: a turn's text is often a kilobyte or more,
        // so rows fit a page more often and a data set is written with a quarter of the system
        // calls. Fixed for the life of the file, so only new data sets get it.
        store->m_db->exec("PRAGMA page_size = 16384");
        store->m_db->exec("PRAGMA journal_mode = WAL");
        applyConnectionSettings(*store->m_db);
        schema::migrate(*store->m_db);
        store->transaction([&] {
            for (const Instrument &instrument : protocol.instruments)
                store->installInstrument(instrument);
            store->recordProtocol(protocol);
            store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
        });
    } catch (...) {
        store.reset();
        if (path != QLatin1String(":memory:")) {
            for (const char *suffix : {"", "-wal", "-shm"})
                QFile::remove(path + QLatin1String(suffix));
        }
        throw;
    }
    store->m_dataVersion = store->m_db->pragmaInt("PRAGMA data_version");
    store->m_openedFile = integrity::fileIdentity(path);
    return store;
}

std::unique_ptr<Store> Store::open(const QString &path, Access access, Check check)
{
    return openFile(path, access, check, nullptr);
}

std::unique_ptr<Store> Store::openChecked(const QString &path, const integrity::Report &report)
{
    return openFile(path, Access::ReadWrite, Check::Never, &report);
}

void Store::requireDataSet(const QString &path)
{
    requireSqliteFile(path);
    sql::Connection db;
    qint64 appId = 0;
    qint64 version = 0;
    try {
        db.openToRead(path, [&] {
            appId = db.pragmaInt("PRAGMA application_id");
            version = db.pragmaInt("PRAGMA user_version");
        });
    } catch (const Error &e) {
        throw Error(tr("%1 is damaged or not a database: %2").arg(path, e.message()));
    }
    if (appId != schema::applicationId || version < 1)
        throw Error(tr("%1 is an SQLite database, but not a Sense-7 data set.").arg(path));
    if (version > schema::currentVersion)
        throw Error(newerVersion(path, version));
}

QString Store::newerVersion(const QString &path, qint64 version)
{
    return tr("%1 was written by a newer version of Sense-7 Studio (data set format %2; this "
              "version reads up to %3). Update Sense-7 Studio to open it.")
        .arg(path, QString::number(version), QString::number(schema::currentVersion));
}

void Store::requireSqliteFile(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        throw Error(tr("%1 does not exist.").arg(path));
    if (info.isDir())
        throw Error(tr("%1 is a folder, not a Sense-7 data set.").arg(path));
    {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            throw Error(tr("Cannot read %1: %2").arg(path, file.errorString()));
        const QByteArray header = file.read(100);
        if (header.isEmpty())
            throw Error(tr("%1 is empty: it is not a Sense-7 data set.").arg(path));
        if (!header.startsWith(QByteArrayView("SQLite format 3\0", 16)))
            throw Error(
                tr("%1 is not a Sense-7 data set (it is not an SQLite database).").arg(path));
        if (header.size() < 100)
            throw Error(tr("%1 is damaged: its SQLite header is cut short.").arg(path));
    }
}

std::unique_ptr<Store> Store::openFile(const QString &path, Access access, Check check,
                                       const integrity::Report *known)
{
    requireSqliteFile(path);
    const QFileInfo info(path);

    // Writing needs the file and its folder: SQLite keeps its write-ahead log beside the file.
    bool readOnly = access == Access::ReadOnly || !info.isWritable()
        || !QFileInfo(info.absolutePath()).isWritable();
    // Damage is looked for before anything is written (a migration, the journal mode), on a
    // connection of its own that does not even checkpoint when it closes.
    std::optional<integrity::Report> report;
    if (known)
        report = *known;
    else if (!readOnly && check == Check::WhenWriting)
        report = integrity::checkOnOpen(path);
    else if (!readOnly && check == Check::Always)
        report = integrity::check(path, integrity::Depth::Quick);
    if (report && !report->ok)
        readOnly = true;
    std::unique_ptr<Store> store(new Store);
    sql::Connection &db = *store->m_db;
    db.open(path,
            readOnly ? sql::Connection::Access::ReadOnly : sql::Connection::Access::ReadWrite);
    db.exec("PRAGMA busy_timeout = 5000");

    qint64 appId = 0;
    qint64 version = 0;
    const auto readHeader = [&] {
        appId = db.pragmaInt("PRAGMA application_id");
        version = db.pragmaInt("PRAGMA user_version");
        db.pragmaInt("SELECT count(*) FROM sqlite_schema");
    };
    try {
        readHeader();
    } catch (const Error &e) {
        if (report && !report->ok)
            throw Error(tr("%1 is damaged (%2) so badly that it cannot be opened. Restore a "
                           "verified backup (`sense7 restore %1`), or salvage what can be read "
                           "into a new data set (`sense7 recover %1 NEW.sense7`).")
                            .arg(path, report->summary()));
        // A WAL file in a folder we cannot write: SQLite cannot create its -shm companion even
        // to read. With no -wal file beside it the main file is complete, so read it immutable.
        const QFileInfo wal(path + QStringLiteral("-wal"));
        const bool walEmpty = !wal.isFile() || wal.size() == 0;
        if (!readOnly || !walEmpty)
            throw Error(tr("%1 is damaged or not a database: %2").arg(path, e.message()));
        try {
            db.open(path, sql::Connection::Access::Immutable);
            readHeader();
        } catch (const Error &again) {
            throw Error(tr("%1 is damaged or not a database: %2").arg(path, again.message()));
        }
    }
    if (appId != schema::applicationId || version < 1)
        throw Error(tr("%1 is an SQLite database, but not a Sense-7 data set.").arg(path));
    if (!report && check == Check::Always)
        report = integrity::check(db, integrity::Depth::Quick);
    if (report && !report->ok) {
        store->m_damage = integrity::damageMessage(path, *report);
        if (version < schema::currentVersion)
            throw Error(store->m_damage);
    }
    if (version > schema::currentVersion)
        throw Error(newerVersion(path, version));
    if (version < schema::currentVersion) {
        if (db.isReadOnly() && access == Access::ReadOnly && info.isWritable()
            && QFileInfo(info.absolutePath()).isWritable())
            throw Error(tr("%1 uses an older data set format (%2), which this version upgrades "
                           "when it opens the data set to write into it: open it in the studio "
                           "or import into it (`sense7 backup %1` keeps a copy as it is first).")
                            .arg(path, QString::number(version)));
        if (db.isReadOnly())
            throw Error(tr("%1 uses an older data set format (%2) and must be upgraded, but it is "
                           "read-only. Copy it to a writable folder first.")
                            .arg(path, QString::number(version)));
        schema::migrate(db);
    }
    if (!db.isReadOnly())
        db.exec("PRAGMA journal_mode = WAL");
    applyConnectionSettings(db);
    store->m_dataVersion = db.pragmaInt("PRAGMA data_version");
    store->m_openedFile = integrity::fileIdentity(path);
    if (report && report->ok && !db.isReadOnly())
        store->m_verifiedAt = report->verifiedAt;
    return store;
}

QString Store::path() const
{
    return m_db->path();
}

bool Store::isReadOnly() const
{
    return m_db->isReadOnly();
}

int Store::schemaVersion() const
{
    return int(m_db->pragmaInt("PRAGMA user_version"));
}

bool Store::checkForOutsideChanges()
{
    // Inside a transaction of our own (an import showing progress) the next check will do.
    if (!m_db->isOpen() || m_db->inTransaction() || m_outsideChangesHeld > 0)
        return false;
    qint64 version = 0;
    try {
        version = m_db->pragmaInt("PRAGMA data_version");
    } catch (const Error &) {
        return false; // busy or gone for a moment: the next check sees it
    }
    const bool changed = m_dataVersion >= 0 && version != m_dataVersion;
    m_dataVersion = version;
    if (changed)
        Q_EMIT changedElsewhere();
    return changed;
}

void Store::holdOutsideChanges()
{
    ++m_outsideChangesHeld;
}

void Store::releaseOutsideChanges()
{
    Q_ASSERT(m_outsideChangesHeld > 0);
    if (m_outsideChangesHeld > 0 && --m_outsideChangesHeld == 0)
        checkForOutsideChanges();
}

void Store::reportChangedElsewhere()
{
    if (m_outsideChangesHeld == 0 && m_db->isOpen() && !m_db->inTransaction()) {
        try {
            m_dataVersion = m_db->pragmaInt("PRAGMA data_version");
        } catch (const Error &) {
            // busy for a moment: the next check reports it again, at worst
        }
    }
    Q_EMIT changedElsewhere();
}

void Store::watchForOutsideChanges(int msec)
{
    if (msec <= 0) {
        if (m_watch)
            m_watch->stop();
        return;
    }
    if (!m_watch) {
        m_watch = new QTimer(this);
        connect(m_watch, &QTimer::timeout, this, [this] { checkForOutsideChanges(); });
    }
    m_watch->start(msec);
}

bool Store::isWatchingForOutsideChanges() const
{
    return m_watch && m_watch->isActive();
}

void Store::requireWritable() const
{
    if (isDamaged())
        throw Error(m_damage);
    if (m_db->isReadOnly())
        throw Error(tr("%1 is open read-only: nothing can be changed.").arg(path()));
}

void Store::notify(const QString &key, std::function<void()> emitter)
{
    if (!m_db->inTransaction()) {
        emitter();
        return;
    }
    if (m_pendingKeys.contains(key))
        return;
    m_pendingKeys.insert(key);
    m_pending.push_back(std::move(emitter));
}

void Store::flushNotifications(bool committed)
{
    auto pending = std::move(m_pending);
    m_pending.clear();
    m_pendingKeys.clear();
    if (!committed)
        m_pendingTurns.clear();
    if (!committed)
        return;
    for (auto &emitter : pending)
        emitter();
}

QString Store::now()
{
    return timestamp(QDateTime::currentDateTimeUtc());
}

QJsonObject DataSetInfo::toJson() const
{
    QJsonArray instrumentArray;
    for (const Instrument &instrument : instruments) {
        QJsonArray dims;
        for (const Dimension &d : instrument.dimensions) {
            dims.append(QJsonObject {{QStringLiteral("key"), d.key},
                                     {QStringLiteral("name"), d.name},
                                     {QStringLiteral("level"), levelKey(d.level)},
                                     {QStringLiteral("scale_min"), d.scaleMin},
                                     {QStringLiteral("scale_max"), d.scaleMax}});
        }
        instrumentArray.append(QJsonObject {{QStringLiteral("key"), instrument.key},
                                            {QStringLiteral("name"), instrument.name},
                                            {QStringLiteral("version"), instrument.version},
                                            {QStringLiteral("dimensions"), dims}});
    }
    return QJsonObject {
        {QStringLiteral("path"), path},
        {QStringLiteral("schema_version"), schemaVersion},
        {QStringLiteral("read_only"), readOnly},
        {QStringLiteral("participants"), participants},
        {QStringLiteral("conversations"), conversations},
        {QStringLiteral("turns"), turns},
        {QStringLiteral("assistant_turns"), assistantTurns},
        {QStringLiteral("ratings"), ratings},
        {QStringLiteral("conversation_ratings"), conversationRatings},
        {QStringLiteral("flags"), flags},
        {QStringLiteral("agents"), QJsonArray::fromStringList(agents)},
        {QStringLiteral("source_formats"), QJsonArray::fromStringList(sourceFormats)},
        {QStringLiteral("instruments"), instrumentArray},
        {QStringLiteral("protocol"),
         QJsonObject {{QStringLiteral("key"), protocolKey},
                      {QStringLiteral("version"), protocolVersion},
                      {QStringLiteral("fingerprint"), protocolFingerprint}}},
    };
}

namespace {

// Digests know their conversation's assistant turns (turns never change); only the conversations
// without one are counted turn by turn, through the (conversation, idx) index, and looked for
// only when there are fewer digests than conversations (a digest goes with its conversation).
const char assistantTurnCount[] =
    "SELECT (SELECT coalesce(sum(assistant_turns), 0) FROM conversation_digest) "
    "+ CASE WHEN (SELECT count(*) FROM conversation) > (SELECT count(*) FROM "
    "conversation_digest) THEN (SELECT coalesce(sum((SELECT count(*) FROM turn t WHERE "
    "t.conversation_id = c.id AND t.role = 'assistant')), 0) FROM conversation c WHERE NOT "
    "EXISTS (SELECT 1 FROM conversation_digest d WHERE d.conversation_id = c.id)) ELSE 0 END";

} // namespace

DataSetOverview Store::overview() const
{
    DataSetOverview overview;
    overview.readOnly = isReadOnly();
    overview.participants = count(*m_db, "SELECT count(*) FROM participant");
    overview.conversations = count(*m_db, "SELECT count(*) FROM conversation");
    overview.assistantTurns = count(*m_db, assistantTurnCount);
    overview.demo =
        count(*m_db, "SELECT EXISTS (SELECT 1 FROM conversation WHERE source_format = 'demo')");
    return overview;
}

DataSetInfo Store::info() const
{
    DataSetInfo info;
    info.path = path();
    info.schemaVersion = schemaVersion();
    info.readOnly = isReadOnly();
    info.participants = count(*m_db, "SELECT count(*) FROM participant");
    info.conversations = count(*m_db, "SELECT count(*) FROM conversation");
    info.turns = count(*m_db, "SELECT count(*) FROM turn");
    info.assistantTurns = count(*m_db, assistantTurnCount);
    info.ratings = count(*m_db, "SELECT count(*) FROM rating");
    info.conversationRatings = count(*m_db, "SELECT count(*) FROM conversation_rating");
    info.flags = count(*m_db, "SELECT count(*) FROM turn_flag");
    sql::Statement agents(*m_db,
                          "SELECT DISTINCT agent FROM conversation WHERE agent IS NOT NULL "
                          "ORDER BY agent");
    while (agents.next())
        info.agents << agents.text(0);
    sql::Statement formats(*m_db,
                           "SELECT DISTINCT source_format FROM conversation "
                           "ORDER BY source_format");
    while (formats.next())
        info.sourceFormats << formats.text(0);
    info.instruments = instruments();
    sql::Statement protocol(*m_db, "SELECT key, version, fingerprint FROM protocol");
    if (protocol.next()) {
        info.protocolKey = protocol.text(0);
        info.protocolVersion = protocol.text(1);
        info.protocolFingerprint = protocol.text(2);
    }
    return info;
}

void Store::checkpoint()
{
    m_db->exec("PRAGMA wal_checkpoint(TRUNCATE)");
}

// One reply's annotations, for the rating panel: it shows one reply at a time.

} // namespace sense7
