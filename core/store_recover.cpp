// Salvaging the readable rows of a damaged data set (integrity.h).
//
// Each table is read through its own b-tree by ranges of its key (the rowid, or the first
// primary-key column of a WITHOUT ROWID table); a range SQLite cannot read is halved until only
// the unreadable keys remain. This runs in-process on the sqlite3 library the program already
// uses. The alternatives do not work on Debian 12: its libsqlite3 has no sqlite3_recover_*
// and no sqlite_dbpage table, so even the `sqlite3` shell's `.recover` fails there ("no such
// table: sqlite_dbpage"); it would also be a run-time dependency the package does not have,
// and its SQL (with a lost_and_found table) would still have to be fitted into the schema.
// Rows go into a fresh data set through the schema's own constraints, so what comes out is a
// valid data set, and what does not fit is counted, not guessed. The limit: when an interior
// page of a table is damaged, the rows of the intact leaf pages below it cannot be reached
// through the b-tree either, and are reported lost with the keys they had.

#include "error.h"
#include "integrity.h"
#include "schema.h"
#include "sqlite.h"
#include "store.h"
#include "taxonomy.h"

#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QRandomGenerator>
#include <QSet>

#include <algorithm>

namespace sense7::integrity {

namespace {

QString tr(const char *text, const char *disambiguation = nullptr, int n = -1)
{
    return QCoreApplication::translate("sense7::integrity", text, disambiguation, n);
}

/** Kept up to date from other tables: rebuilt, not copied. */
bool isDerived(const QString &table)
{
    static const QSet<QString> derived {
        QStringLiteral("digest_stale"), QStringLiteral("conversation_digest"),
        QStringLiteral("digest_dimension"), QStringLiteral("search_state")};
    return derived.contains(table) || table.startsWith(QLatin1String("turn_text"));
}

struct Column
{
    QString name;
    int pk = 0;
    QString type;
};

QVector<Column> columns(sql::Connection &db, const QString &table)
{
    QVector<Column> list;
    const QByteArray sql =
        "SELECT name, pk, upper(type) FROM pragma_table_info('" + table.toUtf8() + "')";
    sql::Statement query(db, sql.constData());
    while (query.next())
        list.append({query.text(0), query.integer(1), query.text(2)});
    return list;
}

QByteArray quoted(const QString &name)
{
    return '"' + name.toUtf8().replace('"', "\"\"") + '"';
}

constexpr qint64 chunk = 2000;

class TableCopy
{
public:
    TableCopy(sql::Connection &from, sql::Connection &to, const QString &table, bool withoutRowid,
              TableRecovery &result)
        : m_from(from)
        , m_to(to)
        , m_result(result)
    {
        const QVector<Column> source = columns(from, table);
        QStringList names;
        for (const Column &c : source)
            names << c.name;
        QByteArrayList selected;
        for (const Column &c : columns(to, table)) {
            if (names.contains(c.name))
                selected << quoted(c.name);
        }
        QByteArray key = "rowid";
        if (withoutRowid) {
            for (const Column &c : source) {
                if (c.pk == 1) {
                    key = quoted(c.name);
                    m_whole = !c.type.contains(QLatin1String("INT"));
                }
            }
        }
        const QByteArray list = selected.join(", ");
        m_width = int(selected.size());
        // A table keyed by text (a few rows of bookkeeping) is read in one range.
        m_select = "SELECT " + (m_whole ? QByteArray("0") : key) + ", " + list + " FROM "
            + quoted(table) + (m_whole ? QByteArray() : " WHERE " + key + " BETWEEN ? AND ?")
            + " ORDER BY " + key;
        m_selectDown = m_select + " DESC";
        m_count = "SELECT count(*) FROM " + quoted(table);
        QByteArrayList marks(selected.size(), "?");
        m_insert =
            "INSERT INTO " + quoted(table) + "(" + list + ") VALUES(" + marks.join(", ") + ")";
        m_bounds = "SELECT min(" + key + "), max(" + key + ") FROM " + quoted(table);
    }

    void run()
    {
        qint64 low = 0;
        qint64 high = -1;
        bool bounded = true;
        try {
            sql::Statement bounds(m_from, m_bounds.constData());
            if (bounds.next() && !bounds.isNull(0)) {
                low = bounds.int64(0);
                high = bounds.int64(1);
            }
        } catch (const Error &) {
            // The b-tree's edge is damaged: walk up from the start until well past the last
            // key that could be read.
            bounded = false;
        }
        if (m_whole) {
            readRange(0, 0);
        } else if (bounded) {
            for (qint64 at = low; at <= high; at += chunk)
                readRange(at, std::min(high, at + chunk - 1));
        } else {
            for (qint64 at = 0; at <= m_lastRead + 100 * chunk; at += chunk)
                readRange(at, at + chunk - 1);
        }
        closeGap();
        // What the table says it holds, counted through whichever b-tree SQLite picks: more
        // than was read means rows no scan reached, which must not pass for nothing lost.
        try {
            sql::Statement count(m_from, m_count.constData());
            if (count.next())
                m_result.unreached =
                    std::max<qint64>(0, count.int64(0) - m_result.recovered - m_result.refused);
        } catch (const Error &) {
            // Uncountable: the unreadable keys already say the table lost rows.
        }
    }

private:
    /**
     * The rows of [low, high], read up and then down the table's b-tree: a damaged cell can
     * end a scan early without an error (a key read wrong looks past the range), and the
     * rows beyond it are reached from the other end. Each row once, in key order.
     */
    QVector<QVariantList> rowsBetween(qint64 low, qint64 high)
    {
        QMap<qint64, QVector<QVariantList>> byKey;
        QSet<QByteArray> seen;
        int failed = 0;
        for (const QByteArray &sql : {m_select, m_selectDown}) {
            try {
                sql::Statement query(m_from, sql.constData());
                if (!m_whole)
                    query.bind(1, low).bind(2, high);
                while (query.next()) {
                    // A key outside the range asked for was read from a damaged cell: the row
                    // cannot be told apart from a wrong one.
                    const qint64 key = query.int64(0);
                    if (key < low || key > high)
                        continue;
                    QVariantList row;
                    row.reserve(m_width);
                    QByteArray signature;
                    for (int i = 1; i <= m_width; ++i) {
                        row.append(query.value(i));
                        signature += QByteArray::number(row.constLast().typeId()) + ':'
                            + row.constLast().toByteArray().toHex() + ',';
                    }
                    if (seen.contains(signature))
                        continue;
                    seen.insert(signature);
                    byKey[key].append(std::move(row));
                }
            } catch (const Error &) {
                // A range is halved until one key is left; that key keeps what either
                // direction read of it, and is unreadable only when neither could.
                if (low != high || ++failed == 2)
                    throw;
            }
        }
        QVector<QVariantList> rows;
        for (QVector<QVariantList> &some : byKey)
            for (QVariantList &row : some)
                rows.append(std::move(row));
        return rows;
    }

    /** Reads [low, high] whole, or halves it; a single unreadable key is recorded. */
    void readRange(qint64 low, qint64 high)
    {
        QVector<QVariantList> rows;
        try {
            rows = rowsBetween(low, high);
        } catch (const Error &) {
            if (m_whole)
                return; // the count below says how many rows were lost
            if (low == high) {
                if (!m_failedFrom)
                    m_failedFrom = low;
                m_failedTo = low;
                return;
            }
            const qint64 middle = low + (high - low) / 2;
            readRange(low, middle);
            readRange(middle + 1, high);
            return;
        }
        closeGap();
        m_lastRead = high;
        for (const QVariantList &row : rows) {
            try {
                sql::Statement insert(m_to, m_insert.constData());
                for (int i = 0; i < m_width; ++i)
                    insert.bind(i + 1, row[i]);
                insert.run();
                ++m_result.recovered;
            } catch (const Error &) {
                ++m_result.refused; // its parent row was lost, or it breaks a rule of the schema
            }
        }
    }

    void closeGap()
    {
        if (!m_failedFrom)
            return;
        m_result.unreadable << (*m_failedFrom == m_failedTo
                                    ? QString::number(m_failedTo)
                                    : QStringLiteral("%1–%2").arg(*m_failedFrom).arg(m_failedTo));
        m_failedFrom.reset();
    }

    sql::Connection &m_from;
    sql::Connection &m_to;
    TableRecovery &m_result;
    QByteArray m_select, m_selectDown, m_insert, m_bounds, m_count;
    int m_width = 0;
    bool m_whole = false; // keyed by text: read whole
    qint64 m_lastRead = 0;
    std::optional<qint64> m_failedFrom;
    qint64 m_failedTo = 0;
};

} // namespace

bool Recovery::complete() const
{
    return std::all_of(tables.begin(), tables.end(),
                       [](const TableRecovery &t) { return t.lostNothing(); });
}

QString Recovery::text() const
{
    QStringList lines;
    for (const TableRecovery &t : tables) {
        QString line = tr("%1: %n rows recovered", nullptr, int(t.recovered)).arg(t.table, -20);
        if (!t.unreadable.isEmpty())
            line += tr("; unreadable keys %1 (the rows there are lost)")
                        .arg(t.unreadable.join(QStringLiteral(", ")));
        if (t.refused > 0)
            line += tr("; %n rows left out because a row they belong to was lost", nullptr,
                       int(t.refused));
        if (t.unreached > 0)
            line += tr("; in all, the table counts %n rows more than could be read (they are "
                       "lost)",
                       nullptr, int(t.unreached));
        lines << line;
    }
    if (!rebuilt.isEmpty())
        lines << tr("Rebuilt from the rows above: %1.").arg(rebuilt.join(QStringLiteral(", ")));
    lines << (complete() ? tr("Nothing was lost.")
                         : tr("Some rows were lost: see the tables above."));
    return lines.join(QLatin1Char('\n'));
}

Recovery recover(const QString &damaged, const QString &out)
{
    if (QFileInfo::exists(out))
        throw Error(
            tr("%1 already exists: choose a new file name for the salvaged data set.").arg(out));
    if (!QFileInfo(damaged).isFile())
        throw Error(tr("%1 does not exist.").arg(damaged));
    sql::Connection from;
    QVector<QPair<QString, bool>> sourceTables;
    qint64 newer = 0;
    try {
        // Read immutable in a folder or on a medium it cannot write (openToRead()).
        from.openToRead(damaged, [&] {
            sourceTables.clear();
            from.exec("PRAGMA busy_timeout = 5000");
            if (from.pragmaInt("PRAGMA application_id") != schema::applicationId)
                throw Error(tr("%1 is not a Sense-7 data set.").arg(damaged));
            newer = from.pragmaInt("PRAGMA user_version");
            sql::Statement tables(from, "SELECT name FROM sqlite_schema WHERE type = 'table'");
            while (tables.next())
                sourceTables.append({tables.text(0), false});
        });
    } catch (const Error &e) {
        throw Error(tr("Nothing can be salvaged from %1: its first page or its list of tables "
                       "is damaged (%2). Restore a backup instead.")
                        .arg(damaged, e.message()));
    }
    // Its tables have columns and tables this version does not know: they would be left out.
    if (newer > schema::currentVersion)
        throw Error(
            tr("%1 was written by a newer version of Sense-7 Studio (data set format %2; "
               "this version reads up to %3): salvage it with that version, which "
               "knows all of its tables.")
                .arg(damaged, QString::number(newer), QString::number(schema::currentVersion)));

    // A name of its own beside the output, never one a file has already (an earlier salvage's
    // left-over, another salvage running): nothing is removed that this one did not make. Made
    // as any new file is (permissions from the umask), as the output was before.
    QString partial;
    for (int attempt = 0; partial.isEmpty(); ++attempt) {
        const QString name =
            QStringLiteral("%1.%2.partial")
                .arg(out,
                     QString::number(QRandomGenerator::global()->generate() & 0xffffff, 16)
                         .rightJustified(6, QLatin1Char('0')));
        QFile file(name);
        if (file.open(QIODevice::WriteOnly | QIODevice::NewOnly))
            partial = name;
        else if (attempt >= 16 || !QFileInfo::exists(name))
            throw Error(tr("Cannot write in the folder of %1: %2").arg(out, file.errorString()));
    }
    Recovery recovery;
    try {
        {
            sql::Connection to;
            to.open(partial, sql::Connection::Access::Create);
            to.exec("PRAGMA page_size = 16384");
            schema::migrate(to);
            to.exec("PRAGMA foreign_keys = ON");
            QVector<QPair<QString, bool>> targetTables;
            {
                sql::Statement tables(to,
                                      "SELECT name, sql LIKE '%WITHOUT ROWID%' FROM "
                                      "sqlite_schema WHERE type = 'table' AND name NOT "
                                      "LIKE 'sqlite_%' ORDER BY rowid");
                while (tables.next())
                    targetTables.append({tables.text(0), tables.integer(1) != 0});
            }
            sql::Transaction tx(to);
            for (const auto &[table, withoutRowid] : targetTables) {
                if (isDerived(table)) {
                    if (!table.startsWith(QLatin1String("turn_text_")))
                        recovery.rebuilt << table;
                    continue;
                }
                TableRecovery result;
                result.table = table;
                const QString &name = table; // a structured binding cannot be captured
                const bool present = std::any_of(sourceTables.begin(), sourceTables.end(),
                                                 [&](const auto &t) { return t.first == name; });
                if (present) {
                    // The new file's protocol is the default one until the damaged file's own
                    // arrives.
                    if (table == QLatin1String("protocol"))
                        to.exec("DELETE FROM protocol");
                    TableCopy copy(from, to, table, withoutRowid, result);
                    copy.run();
                }
                recovery.tables.append(result);
            }
            tx.commit();
        }
        {
            // A data set needs an instrument to be rated: put its protocol's back if none
            // survived (the damaged file's protocol when that could be read, else SENSE-7's).
            auto store = Store::open(partial, Store::Access::ReadWrite, Store::Check::Never);
            if (store->instruments().isEmpty()) {
                Protocol protocol = protocol::sense7();
                try {
                    protocol = protocol::parse(store->protocol().definition, partial);
                } catch (const Error &) {
                    // The recorded protocol is unreadable too: SENSE-7's, as before protocols.
                }
                for (const Instrument &instrument : std::as_const(protocol.instruments))
                    store->installInstrument(instrument);
                recovery.rebuilt << tr("the instruments of the study protocol \"%1\" (none "
                                       "could be read)")
                                        .arg(protocol.key);
            }
            store->annotatorId(QStringLiteral("self"), AnnotatorKind::Self);
        }
        {
            // One self-contained file, with no log beside it to carry along when renamed.
            sql::Connection to;
            to.open(partial, sql::Connection::Access::ReadWrite);
            to.exec("PRAGMA journal_mode = DELETE");
        }
        const Report report = check(partial, Depth::Full);
        if (!report.ok)
            throw Error(tr("The salvaged data set failed its check (%1).").arg(report.summary()));
        if (!QFile::rename(partial, out))
            throw Error(tr("Cannot write %1.").arg(out));
    } catch (...) {
        for (const char *suffix : {"", "-wal", "-shm", "-journal"})
            QFile::remove(partial + QLatin1String(suffix));
        throw;
    }
    return recovery;
}

} // namespace sense7::integrity
