#pragma once

// Helpers shared by the test executables (header-only; each test is its own program).

#include "demo.h"
#include "sqlite.h"
#include "store.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <initializer_list>
#include <memory>
#include <unistd.h>

namespace sense7::test {

/** The tests' way to a store's own connection, to look at and poke the tables directly. */
struct StoreAccess
{
    static sql::Connection &connection(const Store &store) { return store.connection(); }
};

inline sql::Connection &connection(const Store &store)
{
    return StoreAccess::connection(store);
}

/**
 * Runs \a edits, statements that change sqlite_schema's rows, the way SQLite documents for
 * changes that leave the file's content as it is: writable_schema on, a new schema_version, and
 * the schema read again.
 */
/**
 * Copies the data set at \a source to \a copy and renames the assistant \a from there to \a to:
 * whether any conversation had it.
 */
[[nodiscard]] inline bool copyRenamingAgent(const QString &source, const QString &copy,
                                            const QString &from, const QString &to)
{
    if (!QFile::copy(source, copy))
        return false;
    auto store = Store::open(copy);
    sql::Statement rename(connection(*store), "UPDATE conversation SET agent = ? WHERE agent = ?");
    rename.bind(1, to).bind(2, from).run();
    return connection(*store).changes() > 0;
}

inline void editSchema(sql::Connection &db, std::initializer_list<const char *> edits)
{
    const qint64 schemaVersion = db.pragmaInt("PRAGMA schema_version");
    db.exec("PRAGMA writable_schema = ON");
    for (const char *edit : edits)
        db.exec(edit);
    db.setPragma("schema_version", schemaVersion + 1);
    db.exec("PRAGMA writable_schema = RESET");
}

/**
 * Takes a data set's schema back to format 14, whose conversations' content hashes and turns'
 * positions were unique by constraints of their tables, with SQLite's automatic indexes: the
 * named indexes of format 15 become those again (the same b-trees), as SQLite would have made
 * them.
 */
inline void rollBackToFormat14(sql::Connection &db)
{
    editSchema(db,
               {"UPDATE sqlite_schema SET sql = replace(sql, 'content_hash TEXT NOT NULL', "
                "'content_hash TEXT NOT NULL UNIQUE') "
                "WHERE type = 'table' AND name = 'conversation'",
                "UPDATE sqlite_schema SET sql = substr(sql, 1, length(sql) - 1) || "
                "char(44, 10) || '    UNIQUE(conversation_id, idx))' "
                "WHERE type = 'table' AND name = 'turn'",
                "UPDATE sqlite_schema SET name = 'sqlite_autoindex_conversation_1', sql = NULL "
                "WHERE name = 'conversation_by_content_hash'",
                "UPDATE sqlite_schema SET name = 'sqlite_autoindex_turn_1', sql = NULL "
                "WHERE name = 'turn_by_position'"});
    db.exec("PRAGMA user_version = 14");
}

/** Takes a data set's schema back to format 13, whose turn deletions left the search index's mark.
 */
inline void rollBackToFormat13(sql::Connection &db)
{
    rollBackToFormat14(db);
    db.exec("DROP TRIGGER turn_text_removed");
    db.exec(
        "CREATE TRIGGER turn_text_removed AFTER DELETE ON turn "
        "WHEN old.id <= (SELECT indexed_upto FROM search_state) BEGIN "
        "INSERT INTO turn_text(turn_text, rowid, text) VALUES('delete', old.id, old.text); END");
    db.exec("PRAGMA user_version = 13");
}

/**
 * Takes a data set's schema back to format 9 (before the browser's indexes of formats 10 and 11,
 * format 12's sittings begun here, format 13's index of sources, format 14's search mark and
 * format 15's named unique indexes).
 */
inline void rollBackToFormat9(sql::Connection &db)
{
    rollBackToFormat13(db);
    db.exec("DROP INDEX conversation_by_participant");
    db.exec("CREATE INDEX conversation_by_participant ON conversation(participant_id)");
    db.exec("ALTER TABLE session DROP COLUMN begun_here");
    db.exec("DROP INDEX turn_conversation");
    db.exec("DROP INDEX digest_detected");
    db.exec("DROP INDEX digest_flagged");
    db.exec("DROP INDEX conversation_by_task");
    db.exec("DROP INDEX conversation_by_condition");
    db.exec("DROP INDEX conversation_by_agent");
    db.exec("CREATE INDEX conversation_by_agent ON conversation(agent)");
    db.exec("PRAGMA user_version = 9");
}

/**
 * Takes a data set's schema back to format 7 (before live sessions and sync), for tests that go
 * further back to see an old format migrate. Extend it with each later format.
 */
inline void rollBackToFormat7(sql::Connection &db)
{
    rollBackToFormat9(db);
    db.exec("DROP TABLE sync_mark");
    db.exec("DROP TABLE sync_server");
    db.exec("DROP TABLE draft");
    db.exec("DROP TABLE session");
    db.exec("ALTER TABLE participant DROP COLUMN assignment");
    db.exec("ALTER TABLE conversation DROP COLUMN condition");
    db.exec("PRAGMA user_version = 7");
}

inline QByteArray fileHash(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex();
}

inline void writeFile(const QString &path, const QByteArray &data)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(path));
    file.write(data);
}

/**
 * Writes \a count two-turn conversations as OpenAI JSONL, each message followed by \a padding
 * characters when given; returns \a path. Enough of them keep an import busy for a while.
 */
inline QString writeManyConversations(const QString &path, int count, int padding = 0)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write %s", qPrintable(path));
    const QByteArray pad = padding > 0 ? ' ' + QByteArray(padding, 'x') : QByteArray();
    for (int i = 0; i < count; ++i) {
        const QByteArray n = QByteArray::number(i);
        f.write("{\"messages\": [{\"role\": \"user\", \"content\": \"question " + n + pad
                + "\"}, {\"role\": \"assistant\", \"content\": \"answer " + n + pad + "\"}]}\n");
    }
    return path;
}

/** A conversation of one user and two assistant turns for \a participant. */
inline qint64 addSmallConversation(Store &store, qint64 participant, const QString &title,
                                   QVector<Turn> *turnsOut = nullptr)
{
    Conversation c;
    c.participantId = participant;
    c.sourceFormat = QStringLiteral("test");
    c.title = title;
    QVector<Turn> turns(3);
    turns[0].role = Role::User;
    turns[0].text = QStringLiteral("Question about ") + title;
    turns[1].role = Role::Assistant;
    turns[1].text = QStringLiteral("First answer about ") + title;
    turns[2].role = Role::Assistant;
    turns[2].text = QStringLiteral("Second answer about ") + title;
    const qint64 id = store.addConversation(c, turns);
    if (turnsOut)
        *turnsOut = turns;
    return id;
}

inline QByteArray readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return file.readAll();
}

/**
 * The bytes this process has handed to write calls so far (Linux: /proc/self/io, wchar); -1 when
 * the system does not tell.
 */
inline qint64 bytesWritten()
{
    QFile io(QStringLiteral("/proc/self/io"));
    if (io.open(QIODevice::ReadOnly))
        for (const QByteArray &line : io.readAll().split('\n'))
            if (line.startsWith("wchar: "))
                return line.mid(7).toLongLong();
    return -1;
}

/** A new data set filled with the demo, closed so that its file is complete. */
inline void makeDemoDataSet(const QString &path, const Protocol &protocol = protocol::sense7())
{
    auto store = Store::create(path, protocol);
    demo::load(*store);
}

/** \a protocol as if its file asked for another blind re-rating plan. */
inline Protocol withRetest(const Protocol &protocol, bool enabled, int everyConversations,
                           int percent)
{
    QJsonObject root = QJsonDocument::fromJson(protocol::canonical(protocol)).object();
    root.insert(QStringLiteral("retest"),
                QJsonObject {{QStringLiteral("enabled"), enabled},
                             {QStringLiteral("every_conversations"), everyConversations},
                             {QStringLiteral("percent"), percent}});
    return protocol::parse(QJsonDocument(root).toJson(), protocol.key);
}

enum class Times { Compared, Ignored };

/**
 * Every row of every table of \a db, as sorted text: two equal dumps mean the data set did not
 * change logically, whatever SQLite did to its pages. With Times::Ignored, the columns that
 * record when something happened ("at", "..._at") are left out, to compare two data sets that
 * had the same changes at different moments.
 */
inline QString logicalDump(sql::Connection &db, Times times = Times::Compared,
                           const QSet<QString> &ignoredColumns = {})
{
    QStringList tables;
    {
        sql::Statement names(db,
                             "SELECT name FROM sqlite_schema WHERE type = 'table' "
                             "AND name NOT LIKE 'sqlite_%' ORDER BY name");
        while (names.next())
            tables << names.text(0);
    }
    QString text;
    for (const QString &table : std::as_const(tables)) {
        const QByteArray sql = "SELECT * FROM \"" + table.toUtf8() + '"';
        sql::Statement rows(db, sql.constData());
        QStringList lines;
        while (rows.next()) {
            QString line;
            for (int c = 0; c < rows.columnCount(); ++c) {
                const QString name = rows.columnName(c);
                if (ignoredColumns.contains(name))
                    continue;
                if (times == Times::Ignored
                    && (name == QLatin1String("at") || name.endsWith(QLatin1String("_at"))))
                    line += QStringLiteral("*|");
                else
                    line +=
                        (rows.isNull(c) ? QStringLiteral("NULL") : rows.text(c)) + QLatin1Char('|');
            }
            lines << line;
        }
        lines.sort();
        text += table + QLatin1Char('\n') + lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
    }
    return text;
}

inline QString logicalDump(Store &store, Times times = Times::Compared,
                           const QSet<QString> &ignoredColumns = {})
{
    return logicalDump(connection(store), times, ignoredColumns);
}

/**
 * Starts \a program as a user without write access to other people's files: as itself, or
 * through runuser as "nobody" when the tests run as root (root may write anywhere).
 */
inline void startUnprivileged(QProcess &process, const QString &program,
                              const QStringList &arguments)
{
    if (geteuid() == 0)
        process.start(QStringLiteral("runuser"),
                      QStringList {QStringLiteral("-u"), QStringLiteral("nobody"),
                                   QStringLiteral("--"), program}
                          + arguments);
    else
        process.start(program, arguments);
}

/**
 * Keeps this test program's settings (and, with \a data, its data folder) inside \a dir, under
 * its own application name, so that test programs may run in parallel and never touch a user's.
 */
inline void useOwnSettings(const QTemporaryDir &dir, const QString &applicationName,
                           bool data = false)
{
    qputenv("XDG_CONFIG_HOME", dir.filePath(QStringLiteral("config")).toUtf8());
    if (data)
        qputenv("XDG_DATA_HOME", dir.filePath(QStringLiteral("data")).toUtf8());
    QCoreApplication::setOrganizationName(QStringLiteral("Sense-7-tests"));
    QCoreApplication::setApplicationName(applicationName);
}

/** A path in \a dir named after the running test function (\a prefix first), with no file. */
inline QString testFunctionPath(const QTemporaryDir &dir, const QString &prefix = QString())
{
    const QString path = dir.filePath(
        QStringLiteral("%1%2.sense7").arg(prefix, QLatin1String(QTest::currentTestFunction())));
    QFile::remove(path);
    return path;
}

/** \a count questions and answers, "LABEL: question N" and "LABEL: answer N", to add. */
inline QVector<Turn> exchanges(const QString &label, int count)
{
    QVector<Turn> turns;
    for (int i = 0; i < count; ++i) {
        Turn question;
        question.role = Role::User;
        question.text = QStringLiteral("%1: question %2").arg(label).arg(i);
        Turn answer;
        answer.role = Role::Assistant;
        answer.text = QStringLiteral("%1: answer %2").arg(label).arg(i);
        turns << question << answer;
    }
    return turns;
}

/**
 * Adds a conversation of the participant \a participantId: \a userText and the assistant's
 * \a reply, the reply rated \a warmth by the participant. Returns the conversation's id.
 */
inline qint64 addRatedExchange(Store &store, qint64 participantId, const QString &sourceFormat,
                               const QString &title, const QString &userText, const QString &reply,
                               int warmth)
{
    Conversation c;
    c.participantId = participantId;
    c.sourceFormat = sourceFormat;
    c.title = title;
    QVector<Turn> turns(2);
    turns[0].role = Role::User;
    turns[0].text = userText;
    turns[1].role = Role::Assistant;
    turns[1].text = reply;
    const qint64 id = store.addConversation(c, turns);
    store.setRating(turns[1].id, store.findDimension(QStringLiteral("warmth"))->id,
                    store.annotatorId(QStringLiteral("self"), AnnotatorKind::Self), warmth);
    return id;
}

/** Runs a single-value SQL query on a raw connection to \a path. */
inline qint64 queryInt(const QString &path, const char *sql)
{
    sql::Connection db;
    db.open(path, sql::Connection::Access::ReadOnly);
    return db.pragmaInt(sql);
}

/**
 * The number (1-based; 0 when there is none) of the first \a pageType page ("leaf", "internal")
 * of \a table in the data set \a path, from SQLite's dbstat table, and the file's page size.
 */
inline std::pair<qint64, qint64> firstPage(const QString &path, const QString &table,
                                           const QString &pageType)
{
    sql::Connection db;
    db.open(path, sql::Connection::Access::ReadOnly);
    sql::Statement first(db,
                         "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = ? "
                         "ORDER BY pageno LIMIT 1");
    first.bind(1, table).bind(2, pageType);
    return {first.next() ? first.int64(0) : 0, db.pragmaInt("PRAGMA page_size")};
}

/**
 * Overwrites 64 bytes at the start of the first \a pageType page ("leaf", "internal") of \a table
 * in the closed data set \a path (found with SQLite's dbstat table), the page-type byte made
 * invalid, so that SQLite reports the page malformed: the same damage every run. Returns the page's
 * number (1-based).
 */
inline qint64 damageTable(const QString &path, const QString &table,
                          const QString &pageType = QStringLiteral("leaf"))
{
    const auto [page, pageSize] = firstPage(path, table, pageType);
    if (page == 0)
        qFatal("no %s page of %s in %s", qPrintable(pageType), qPrintable(table), qPrintable(path));
    QByteArray bytes(64, '\0');
    quint32 state = 7;
    for (char &byte : bytes) {
        state = state * 1103515245u + 12345u;
        byte = char(state >> 16);
    }
    bytes[0] = char(0xff); // no b-tree page has this type
    QFile file(path);
    if (!file.open(QIODevice::ReadWrite) || !file.seek((page - 1) * pageSize)
        || file.write(bytes) != bytes.size())
        qFatal("cannot damage %s", qPrintable(path));
    return page;
}

} // namespace sense7::test
