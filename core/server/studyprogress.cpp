// The study-progress window's figures, computed by the server (PostgreSQL SQL).

#include "studyprogress.h"

#include "protocol.h"
#include "server/pg.h"

namespace sense7::server {
namespace {

/** A text[] literal for a parameter: {"a","b"} with quotes and backslashes escaped. */
QByteArray textArray(const QStringList &items)
{
    QByteArray array = "{";
    for (const QString &item : items) {
        QByteArray utf8 = item.toUtf8();
        utf8.replace('\\', "\\\\").replace('"', "\\\"");
        array += (array.size() > 1 ? ",\"" : "\"") + utf8 + '"';
    }
    return array + '}';
}

} // namespace

QVector<ParticipantProgress> studyProgress(pg::Connection &db)
{
    const pg::Result stored = db.exec("SELECT definition FROM sense7.protocol");
    if (stored.rows() == 0)
        throw Error(QCoreApplication::translate("sense7::server",
                                                "The server holds no study (sense7 server init)."));
    const Protocol protocol =
        protocol::parse(stored.bytes(0, 0), QStringLiteral("sense7.protocol"));
    QStringList instruments, dimensions, roles; // what a participant's turns are to be rated on
    for (const Instrument &instrument : protocol.instruments) {
        for (const Dimension &d : instrument.dimensions) {
            if (d.level != Level::Turn || !d.required)
                continue;
            for (const QString &role : d.roles) {
                instruments << instrument.key;
                dimensions << d.key;
                roles << role;
            }
        }
    }
    const pg::Result rows =
        db.exec(R"sql(
WITH req(instrument, dimension, role) AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[])),
cells AS (
    SELECT t.participant_code, count(*) AS n
      FROM sense7.turn t JOIN req ON req.role = t.role GROUP BY 1),
rated AS (
    SELECT r.participant_code, count(*) AS n
      FROM sense7.rating r
      JOIN sense7.turn t ON t.participant_code = r.participant_code
                        AND t.conversation_uid = r.conversation_uid AND t.idx = r.turn_idx
      JOIN req ON req.instrument = r.instrument AND req.dimension = r.dimension
              AND req.role = t.role
     WHERE r.present AND r.annotator = 'self' GROUP BY 1),
conv AS (
    SELECT participant_code, count(*) AS n,
           string_agg(DISTINCT condition, ', ' ORDER BY condition) AS conditions
      FROM sense7.conversation GROUP BY 1),
sync AS (
    SELECT participant_code, max(last_sync_at) AS last, count(*) AS machines
      FROM sense7.machine GROUP BY 1)
SELECT p.code, coalesce(conv.n, 0), coalesce(rated.n, 0), coalesce(cells.n, 0),
       to_char(sync.last AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
       coalesce(sync.machines, 0),
       coalesce((SELECT string_agg(c, ', ')
                   FROM jsonb_array_elements_text(
                            CASE WHEN jsonb_typeof(p.assignment -> 'conditions') = 'array'
                                 THEN p.assignment -> 'conditions' END) AS c),
                conv.conditions, ''),
       p.withdrawn_at IS NOT NULL
  FROM sense7.participant p
  LEFT JOIN conv ON conv.participant_code = p.code
  LEFT JOIN rated ON rated.participant_code = p.code
  LEFT JOIN cells ON cells.participant_code = p.code
  LEFT JOIN sync ON sync.participant_code = p.code
 ORDER BY p.code)sql",
                {textArray(instruments), textArray(dimensions), textArray(roles)});
    QVector<ParticipantProgress> progress;
    progress.reserve(rows.rows());
    for (int i = 0; i < rows.rows(); ++i) {
        ParticipantProgress p;
        p.code = rows.text(i, 0);
        p.conversations = rows.int64(i, 1);
        p.ratedCells = rows.int64(i, 2);
        p.cells = rows.int64(i, 3);
        if (!rows.isNull(i, 4))
            p.lastSync = QDateTime::fromString(rows.text(i, 4), Qt::ISODateWithMs);
        p.machines = rows.int64(i, 5);
        p.condition = rows.text(i, 6);
        p.withdrawn = rows.boolean(i, 7);
        progress << p;
    }
    return progress;
}

} // namespace sense7::server
