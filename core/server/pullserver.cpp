#include "pullserver.h"

#include "error.h"
#include "server/pg.h"

namespace sense7::server::pulled {
namespace {

int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

} // namespace

Row decodeCopyLine(QByteArrayView line)
{
    Row row;
    QByteArray field;
    const auto finish = [&](bool null) {
        if (null)
            row.append(std::nullopt);
        else
            row.append(QString::fromUtf8(field));
        field.clear();
    };
    qsizetype i = 0;
    const qsizetype n = line.size();
    qsizetype start = 0;
    while (true) {
        if (i == n || line[i] == '\t') {
            const bool null = i - start == 2 && line[start] == '\\' && line[start + 1] == 'N';
            finish(null);
            if (i == n)
                break;
            start = ++i;
            continue;
        }
        const char c = line[i];
        if (c != '\\' || i + 1 == n) {
            field.append(c);
            ++i;
            continue;
        }
        const char e = line[i + 1];
        i += 2;
        switch (e) {
        case 'b':
            field.append('\b');
            break;
        case 'f':
            field.append('\f');
            break;
        case 'n':
            field.append('\n');
            break;
        case 'r':
            field.append('\r');
            break;
        case 't':
            field.append('\t');
            break;
        case 'v':
            field.append('\v');
            break;
        case 'N':
            field.append("\\N");
            break; // only a whole field is NULL
        case 'x': {
            int value = 0, digits = 0;
            while (digits < 2 && i < n && hexDigit(line[i]) >= 0)
                value = value * 16 + hexDigit(line[i++]), ++digits;
            field.append(char(value));
            break;
        }
        default:
            if (e >= '0' && e <= '7') {
                int value = e - '0', digits = 1;
                while (digits < 3 && i < n && line[i] >= '0' && line[i] <= '7')
                    value = value * 8 + (line[i++] - '0'), ++digits;
                field.append(char(value));
            } else {
                field.append(e); // \\ and any other character stand for themselves
            }
        }
    }
    return row;
}

Snapshot::Snapshot(const QString &url, const QString &password)
{
    pg::ConnectOptions options;
    options.password = password;
    options.applicationName = QStringLiteral("sense7 pull");
    m_db = std::make_unique<pg::Connection>(url, options);
    m_where = QStringLiteral("%1:%2/%3").arg(m_db->host(), m_db->port(), m_db->database());
    m_db->execScript("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL TimeZone = 'UTC'");
}

Snapshot::~Snapshot() = default; // closing the connection ends the read-only transaction

void Snapshot::copy(const QByteArray &select, const std::function<void(const Row &)> &row)
{
    try {
        m_db->copyOut("COPY (" + select + ") TO STDOUT", [&](const QByteArray &line) {
            QByteArrayView view(line);
            if (view.endsWith('\n'))
                view.chop(1);
            row(decodeCopyLine(view));
        });
    } catch (const pg::ServerError &e) {
        throw Error(tr("%1: %2").arg(m_where, e.message()));
    }
}

QByteArray Snapshot::literal(const QString &text) const
{
    return m_db->quoteLiteral(text.toUtf8());
}

} // namespace sense7::server::pulled
