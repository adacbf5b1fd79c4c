#include "protocol.h"

#include "error.h"
#include "jsonsource.h"
#include "types.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QUrl>
#include <QUrlQuery>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <random>
#include <variant>

// The protocol file is validated by hand on top of nlohmann::json (through json::Reader where
// positions do not matter): Debian packages no JSON Schema validator for C++ that fits.
// resources/protocols/protocol.schema.json documents the same rules for researchers and editors.

namespace sense7 {

const KeyEntry<DimensionOrder> KeyTable<DimensionOrder>::entries[2] = {
    {DimensionOrder::Fixed, "fixed"},
    {DimensionOrder::Random, "random"},
};

const KeyEntry<AssignmentDesign> KeyTable<AssignmentDesign>::entries[2] = {
    {AssignmentDesign::Between, "between"},
    {AssignmentDesign::Within, "within"},
};

const KeyEntry<RatingTiming> KeyTable<RatingTiming>::entries[2] = {
    {RatingTiming::AfterEachReply, "after_each_reply"},
    {RatingTiming::AtEnd, "at_end"},
};

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("sense7::protocol", text);
}

/** SplitMix64's finaliser: spreads every bit of \a x over the result. */
quint64 splitmix64(quint64 x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

} // namespace

const AssistantCondition *LivePlan::condition(const QString &key) const
{
    for (const AssistantCondition &c : conditions) {
        if (c.key == key)
            return &c;
    }
    return nullptr;
}

const Instrument *Protocol::instrument(const QString &instrumentKey) const
{
    for (const Instrument &i : instruments) {
        if (i.key == instrumentKey)
            return &i;
    }
    return nullptr;
}

const Instrument &Protocol::primary() const
{
    static const Instrument none;
    return instruments.isEmpty() ? none : instruments.first();
}

QVector<int> Protocol::dimensionOrder(const QVector<Dimension> &dimensions, qint64 turnId) const
{
    QVector<int> positions(dimensions.size());
    for (int i = 0; i < positions.size(); ++i)
        positions[i] = i;
    if (order != DimensionOrder::Random)
        return positions;
    // A Fisher–Yates shuffle driven by std::mt19937_64 (whose output the C++ standard fixes)
    // seeded with splitmix64(orderSeed ^ splitmix64(turnId)): the same seed and turn give the same
    // order on every platform, so nothing needs storing. The modulo's bias is negligible here.
    std::mt19937_64 random(splitmix64(orderSeed ^ splitmix64(quint64(turnId))));
    for (int i = int(positions.size()) - 1; i > 0; --i) {
        const int j = int(random() % quint64(i + 1));
        std::swap(positions[i], positions[j]);
    }
    return positions;
}

QString Protocol::fingerprint() const
{
    return QString::fromLatin1(
        QCryptographicHash::hash(protocol::canonical(*this), QCryptographicHash::Sha256)
            .toHex()
            .left(16));
}

QString Protocol::displayName() const
{
    return i18n::pick(translations, QStringLiteral("name"), name);
}

QString Protocol::displayConsent() const
{
    return i18n::pick(translations, QStringLiteral("consent"), consent);
}

namespace protocol {
namespace {

using json::Json;

/** One step of a path into a JSON document: an object's key or an array's index. */
using Step = std::variant<std::string, std::size_t>;
using Path = std::vector<Step>;

Path operator+(Path path, Step step)
{
    path.push_back(std::move(step));
    return path;
}

/**
 * Finds where a value sits in a JSON text that has parsed already: walks the text along a path,
 * skipping the values in between. Where a step is missing, the container's position stands.
 */
class Locator
{
public:
    explicit Locator(const QByteArray &text)
        : m_text(text)
    { }

    std::size_t offset(const Path &path) const
    {
        std::size_t at = skipSpace(0);
        for (const Step &step : path) {
            const std::optional<std::size_t> next = std::holds_alternative<std::string>(step)
                ? member(at, std::get<std::string>(step))
                : element(at, std::get<std::size_t>(step));
            if (!next)
                break;
            at = *next;
        }
        return at;
    }

private:
    char at(std::size_t i) const { return i < std::size_t(m_text.size()) ? m_text.at(i) : '\0'; }

    std::size_t skipSpace(std::size_t i) const
    {
        while (i < std::size_t(m_text.size()) && std::isspace(static_cast<unsigned char>(at(i))))
            ++i;
        return i;
    }

    std::size_t skipString(std::size_t i) const // at the opening quote; returns past the closing
    {
        for (++i; i < std::size_t(m_text.size()); ++i) {
            if (at(i) == '\\')
                ++i;
            else if (at(i) == '"')
                return i + 1;
        }
        return i;
    }

    std::size_t skipValue(std::size_t i) const
    {
        const char c = at(i);
        if (c == '"')
            return skipString(i);
        if (c == '{' || c == '[') {
            int depth = 0;
            for (; i < std::size_t(m_text.size()); ++i) {
                const char d = at(i);
                if (d == '"') {
                    i = skipString(i) - 1;
                } else if (d == '{' || d == '[') {
                    ++depth;
                } else if (d == '}' || d == ']') {
                    if (--depth == 0)
                        return i + 1;
                }
            }
            return i;
        }
        while (i < std::size_t(m_text.size()) && !std::strchr(",}] \t\r\n", at(i)))
            ++i;
        return i;
    }

    std::optional<std::size_t> member(std::size_t i, const std::string &key) const
    {
        if (at(i) != '{')
            return std::nullopt;
        i = skipSpace(i + 1);
        while (at(i) == '"') {
            const std::size_t end = skipString(i);
            std::string name;
            try {
                name = Json::parse(m_text.constData() + i, m_text.constData() + end)
                           .get<std::string>();
            } catch (const Json::exception &) {
                return std::nullopt;
            }
            i = skipSpace(end);
            if (at(i) != ':')
                return std::nullopt;
            const std::size_t value = skipSpace(i + 1);
            if (name == key)
                return value;
            i = skipSpace(skipValue(value));
            if (at(i) != ',')
                return std::nullopt;
            i = skipSpace(i + 1);
        }
        return std::nullopt;
    }

    std::optional<std::size_t> element(std::size_t i, std::size_t index) const
    {
        if (at(i) != '[')
            return std::nullopt;
        i = skipSpace(i + 1);
        for (std::size_t n = 0; at(i) != ']' && i < std::size_t(m_text.size()); ++n) {
            if (n == index)
                return i;
            i = skipSpace(skipValue(i));
            if (at(i) != ',')
                return std::nullopt;
            i = skipSpace(i + 1);
        }
        return std::nullopt;
    }

    const QByteArray &m_text;
};

QString lineColumn(const QByteArray &data, std::size_t byteOffset)
{
    const qsizetype end = qMin<qsizetype>(qsizetype(byteOffset), data.size());
    int line = 1;
    qsizetype lineStart = 0;
    for (qsizetype i = 0; i < end; ++i) {
        if (data.at(i) == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    const int column = int(QString::fromUtf8(data.mid(lineStart, end - lineStart)).size()) + 1;
    return QStringLiteral("%1:%2").arg(line).arg(column);
}

bool isKey(const QString &key)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-z][a-z0-9_]*$"));
    return pattern.match(key).hasMatch();
}

template<typename E>
QString keyList(const char *separator = ", ")
{
    QStringList keys;
    for (const KeyEntry<E> &entry : KeyTable<E>::entries)
        keys << QString::fromLatin1(entry.key);
    return keys.join(QString::fromLatin1(separator));
}

QString pointList(const QList<int> &points)
{
    QStringList parts;
    for (int p : points)
        parts << QString::number(p);
    return parts.join(QStringLiteral(", "));
}

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

/** Reads one protocol file, failing with the position of the offending value. */
class Parser
{
public:
    Parser(const QByteArray &text, QString source)
        : m_text(text)
        , m_source(std::move(source))
        , m_locator(text)
    { }

    Protocol run(bool stored, bool written = false)
    {
        m_stored = stored;
        m_written = written;
        const auto message = [&](const json::ParseFailure &failure) {
            if (!failure.syntax)
                return tr("%1: not valid JSON: %2").arg(m_source, failure.detail);
            return tr("%1:%2: not valid JSON: %3")
                .arg(m_source, lineColumn(m_text, failure.offset()), failure.detail);
        };
        // A key given twice in a file someone wrote is refused; a data set's own copy was
        // written by the program.
        const Json root = stored
            ? json::parse(m_text.constBegin(), m_text.constEnd(), message)
            : json::parseUniqueKeys(m_text.constBegin(), m_text.constEnd(), message);
        if (!root.is_object())
            fail({}, {}, tr("a protocol is a JSON object"));
        known(root, {}, {},
              {"$schema", "key", "name", "version", "description", "instruments", "forms",
               "sharing", "retest", "dimension_order", "live", "translations"});
        Protocol p;
        p.key = string(root, {}, {}, "key", true);
        if (!isKey(p.key))
            fail({"key"}, {},
                 tr("the study key \"%1\" must be lower-case letters, digits and _, starting "
                    "with a letter (e.g. \"my_study\")")
                     .arg(p.key));
        p.name = string(root, {}, {}, "name", true);
        p.version = string(root, {}, {}, "version", true);
        p.description = string(root, {}, {}, "description", false);
        if (!stored)
            p.instruments = instruments(root);
        forms(root, p);
        sharing(root, p);
        retest(root, p);
        order(root, p);
        live(root, p);
        p.translations = translations(
            root, {}, {},
            {QStringLiteral("name"), QStringLiteral("description"), QStringLiteral("consent")});
        p.definition = QByteArray::fromStdString(root.dump());
        return p;
    }

private:
    [[noreturn]] void fail(const Path &path, const QString &item, const QString &problem) const
    {
        const QString where =
            QStringLiteral("%1:%2").arg(m_source, lineColumn(m_text, m_locator.offset(path)));
        throw Error(item.isEmpty() ? QStringLiteral("%1: %2").arg(where, problem)
                                   : QStringLiteral("%1: %2: %3").arg(where, item, problem));
    }

    const Json *child(const Json &object, const char *key) const
    {
        const auto it = object.find(key);
        return it == object.end() || it->is_null() ? nullptr : &*it;
    }

    void known(const Json &object, const Path &path, const QString &item,
               std::initializer_list<const char *> keys) const
    {
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (std::none_of(keys.begin(), keys.end(),
                             [&](const char *k) { return it.key() == k; })) {
                QStringList names;
                for (const char *k : keys) {
                    if (*k != '$')
                        names << QString::fromLatin1(k);
                }
                fail(path + it.key(), item,
                     tr("\"%1\" is not a field here; the fields are %2")
                         .arg(qs(it.key()), names.join(QStringLiteral(", "))));
            }
        }
    }

    const Json &object(const Json &parent, const Path &path, const QString &item,
                       const char *key) const
    {
        const Json *v = child(parent, key);
        if (!v)
            fail(path, item, tr("\"%1\" is missing").arg(QString::fromLatin1(key)));
        if (!v->is_object())
            fail(path + key, item, tr("\"%1\" must be an object").arg(QString::fromLatin1(key)));
        return *v;
    }

    QString string(const Json &parent, const Path &path, const QString &item, const char *key,
                   bool required) const
    {
        const Json *v = child(parent, key);
        if (!v) {
            if (required)
                fail(path, item, tr("\"%1\" is missing").arg(QString::fromLatin1(key)));
            return {};
        }
        if (!v->is_string())
            fail(path + key, item, tr("\"%1\" must be a string").arg(QString::fromLatin1(key)));
        QString s = qs(v->get<std::string>()).trimmed();
        if (s.isEmpty() && required)
            fail(path + key, item, tr("\"%1\" must not be empty").arg(QString::fromLatin1(key)));
        return s;
    }

    bool boolean(const Json &parent, const Path &path, const QString &item, const char *key,
                 bool fallback) const
    {
        const Json *v = child(parent, key);
        if (!v)
            return fallback;
        if (!v->is_boolean())
            fail(path + key, item,
                 tr("\"%1\" must be true or false").arg(QString::fromLatin1(key)));
        return v->get<bool>();
    }

    qint64 integer(const Json &parent, const Path &path, const QString &item, const char *key,
                   qint64 fallback, qint64 min, qint64 max) const
    {
        const Json *v = child(parent, key);
        if (!v)
            return fallback;
        if (!v->is_number_integer())
            fail(path + key, item,
                 tr("\"%1\" must be a whole number").arg(QString::fromLatin1(key)));
        const qint64 n = v->is_number_unsigned() && v->get<quint64>() > quint64(max)
            ? max + 1
            : v->get<qint64>();
        if (n < min || n > max)
            fail(path + key, item,
                 tr("\"%1\" must be from %2 to %3")
                     .arg(QString::fromLatin1(key), QString::number(min), QString::number(max)));
        return n;
    }

    /** The "translations" object of \a node, through json::Reader; errors point at it. */
    i18n::Translations translations(const Json &node, const Path &path, const QString &item,
                                    const QStringList &texts, const QList<int> &points = {}) const
    {
        if (!child(node, "translations"))
            return {};
        const QString where = QStringLiteral("%1:%2").arg(
            m_source, lineColumn(m_text, m_locator.offset(path + "translations")));
        const json::Reader reader(node,
                                  item.isEmpty() ? where : where + QStringLiteral(": ") + item);
        return reader.translations(texts, points);
    }

    QVector<Instrument> instruments(const Json &root) const
    {
        const Json *list = child(root, "instruments");
        if (!list)
            fail({}, {}, tr("\"instruments\" is missing: a study rates with at least one"));
        if (!list->is_array())
            fail({"instruments"}, {}, tr("\"instruments\" must be a list"));
        if (list->empty())
            fail({"instruments"}, {},
                 tr("\"instruments\" is empty: a study rates with at least one instrument"));
        QVector<Instrument> result;
        for (std::size_t i = 0; i < list->size(); ++i) {
            Instrument instrument = this->instrument((*list)[i], Path {"instruments", i}, i + 1);
            for (qsizetype earlier = 0; earlier < result.size(); ++earlier) {
                if (result[earlier].key == instrument.key)
                    fail(Path {"instruments", i, "key"},
                         tr("instrument %1 (\"%2\")").arg(i + 1).arg(instrument.key),
                         tr("the key \"%1\" is used by instrument %2 too")
                             .arg(instrument.key, QString::number(earlier + 1)));
            }
            result.append(std::move(instrument));
        }
        return result;
    }

    Instrument instrument(const Json &node, const Path &path, std::size_t number) const
    {
        QString item = tr("instrument %1").arg(number);
        if (!node.is_object())
            fail(path, item, tr("an instrument is a JSON object"));
        Instrument result;
        result.key = string(node, path, item, "key", true);
        if (!isKey(result.key))
            fail(path + "key", item,
                 tr("the key \"%1\" must be lower-case letters, digits and _").arg(result.key));
        item = tr("instrument \"%1\"").arg(result.key);
        known(node, path, item,
              {"key", "name", "version", "description", "not_applicable", "dimensions",
               "translations"});
        result.name = string(node, path, item, "name", true);
        result.version = string(node, path, item, "version", true);
        result.description = string(node, path, item, "description", false);
        result.allowsNotApplicable = boolean(node, path, item, "not_applicable", true);
        result.translations =
            translations(node, path, item, {QStringLiteral("name"), QStringLiteral("description")});
        const Json *dimensions = child(node, "dimensions");
        if (!dimensions)
            fail(path, item, tr("\"dimensions\" is missing"));
        if (!dimensions->is_array() || dimensions->empty())
            fail(path + "dimensions", item, tr("\"dimensions\" must be a list of at least one"));
        for (std::size_t j = 0; j < dimensions->size(); ++j) {
            const Path at = path + "dimensions" + j;
            Dimension d = dimension((*dimensions)[j], at, item, j + 1, result.allowsNotApplicable);
            for (qsizetype earlier = 0; earlier < result.dimensions.size(); ++earlier) {
                if (result.dimensions[earlier].key == d.key)
                    fail(at + "key",
                         tr("%1, dimension %2 (\"%3\")").arg(item, QString::number(j + 1), d.key),
                         tr("the key \"%1\" is used by dimension %2 too")
                             .arg(d.key, QString::number(earlier + 1)));
            }
            result.dimensions.append(std::move(d));
        }
        result.definition = QByteArray::fromStdString(node.dump());
        return result;
    }

    Dimension dimension(const Json &node, const Path &path, const QString &instrumentItem,
                        std::size_t number, bool instrumentAllowsNotApplicable) const
    {
        QString item = tr("%1, dimension %2").arg(instrumentItem, QString::number(number));
        if (!node.is_object())
            fail(path, item, tr("a dimension is a JSON object"));
        Dimension d;
        d.key = string(node, path, item, "key", true);
        if (!isKey(d.key))
            fail(path + "key", item,
                 tr("the key \"%1\" must be lower-case letters, digits and _").arg(d.key));
        item = tr("%1, dimension %2 (\"%3\")").arg(instrumentItem, QString::number(number), d.key);
        known(node, path, item,
              {"key", "name", "question", "scale", "labels", "anchors", "level", "roles",
               "required", "not_applicable", "translations"});
        d.name = string(node, path, item, "name", true);
        d.question = string(node, path, item, "question", true);
        if (child(node, "scale")) {
            const Json &scale = object(node, path, item, "scale");
            const Path at = path + "scale";
            if (!child(scale, "min") || !child(scale, "max"))
                fail(at, item, tr("the scale needs \"min\" and \"max\""));
            // Within -100 to 100: a data set's digests keep a rating in a byte.
            d.scaleMin = int(integer(scale, at, item, "min", 1, -100, 100));
            d.scaleMax = int(integer(scale, at, item, "max", 5, -100, 100));
            const int points = d.scaleMax - d.scaleMin + 1;
            if (points < 1)
                fail(at, item,
                     tr("the scale's max (%1) is below its min (%2)")
                         .arg(d.scaleMax)
                         .arg(d.scaleMin));
            // Up to 11 points the studio draws a box a point; wider scales (a 0-100 visual
            // analogue scale, PRISM's 1-100) are a track rated by typing or dragging.
            if (points < 2 || points > maxScalePoints)
                fail(at, item,
                     points == 1
                         ? tr("the scale has 1 point; a scale has 2 to %1").arg(maxScalePoints)
                         : tr("the scale has %1 points; a scale has 2 to %2")
                               .arg(points)
                               .arg(maxScalePoints));
        }
        labels(node, path, item, d);
        const QString level =
            child(node, "level") ? string(node, path, item, "level", true) : QStringLiteral("turn");
        if (const auto known = fromKey<Level>(level))
            d.level = *known;
        else
            fail(path + "level", item,
                 tr("level \"%1\" must be \"turn\" or \"conversation\"").arg(level));
        if (const Json *roles = child(node, "roles")) {
            if (!roles->is_array() || roles->empty())
                fail(path + "roles", item, tr("\"roles\" must be a list of at least one role"));
            d.roles.clear();
            for (std::size_t k = 0; k < roles->size(); ++k) {
                const Json &role = (*roles)[k];
                const QString key = role.is_string() ? qs(role.get<std::string>()) : QString();
                if (!roleFromKey(key))
                    fail(path + "roles" + k, item,
                         tr("\"%1\" is not a role; the roles are %2")
                             .arg(role.is_string() ? key : qs(role.dump()), keyList<Role>()));
                if (d.roles.contains(key))
                    fail(path + "roles" + k, item, tr("the role \"%1\" is listed twice").arg(key));
                d.roles << key;
            }
        }
        d.required = boolean(node, path, item, "required", true);
        d.allowsNotApplicable =
            boolean(node, path, item, "not_applicable", instrumentAllowsNotApplicable);
        d.translations =
            translations(node, path, item, {QStringLiteral("name"), QStringLiteral("question")},
                         d.anchors.keys());
        return d;
    }

    void labels(const Json &node, const Path &path, const QString &item, Dimension &d) const
    {
        const char *field = child(node, "labels") ? "labels" : "anchors";
        if (child(node, "labels") && child(node, "anchors"))
            fail(path + "anchors", item,
                 tr("give \"labels\" or \"anchors\" (the older name), not both"));
        const Json *labels = child(node, field);
        // A wide scale (0-100) is a track: its ends are labelled, and any points between.
        const bool wide = d.scaleMax - d.scaleMin + 1 > 11;
        if (!labels && wide)
            fail(path, item,
                 tr("\"labels\" is missing: label the scale's ends, %1 and %2, and any points "
                    "between")
                     .arg(d.scaleMin)
                     .arg(d.scaleMax));
        QList<int> all;
        for (int p = d.scaleMin; p <= d.scaleMax; ++p)
            all << p;
        QList<int> endsAndMiddle {d.scaleMin, d.scaleMax};
        if ((d.scaleMax - d.scaleMin) % 2 == 0 && d.scaleMax - d.scaleMin > 1)
            endsAndMiddle.insert(1, (d.scaleMin + d.scaleMax) / 2);
        if (!labels)
            fail(path, item,
                 tr("\"labels\" is missing: label every point of the scale, or the ends and "
                    "middle (%1)")
                     .arg(pointList(endsAndMiddle)));
        const Path at = path + field;
        if (!labels->is_object())
            fail(at, item,
                 tr("\"%1\" must be an object of scale points").arg(QString::fromLatin1(field)));
        for (auto it = labels->begin(); it != labels->end(); ++it) {
            const QString point = qs(it.key());
            bool ok = false;
            const int value = point.toInt(&ok);
            if (!ok)
                fail(at + it.key(), item, tr("label \"%1\" is not a scale point").arg(point));
            if (value < d.scaleMin || value > d.scaleMax)
                fail(at + it.key(), item,
                     tr("the label for %1 is outside the scale %2–%3")
                         .arg(value)
                         .arg(d.scaleMin)
                         .arg(d.scaleMax));
            if (!it.value().is_string() || qs(it.value().get<std::string>()).trimmed().isEmpty())
                fail(at + it.key(), item,
                     tr("the label for %1 must be a non-empty string").arg(value));
            d.anchors.insert(value, qs(it.value().get<std::string>()));
        }
        if (wide) {
            if (d.anchors.contains(d.scaleMin) && d.anchors.contains(d.scaleMax))
                return;
            fail(at, item,
                 tr("labels for %1 do not fit the scale %2–%3: a scale of more than 11 points "
                    "needs labels for its ends, %2 and %3, and may have them for points between")
                     .arg(pointList(d.anchors.keys()), QString::number(d.scaleMin),
                          QString::number(d.scaleMax)));
        }
        const QList<int> given = d.anchors.keys();
        if (given == all || given == endsAndMiddle)
            return;
        QList<int> missingAll, missingEnds, extra;
        for (int p : all) {
            if (!given.contains(p))
                missingAll << p;
        }
        for (int p : endsAndMiddle) {
            if (!given.contains(p))
                missingEnds << p;
        }
        for (int p : given) {
            if (!endsAndMiddle.contains(p))
                extra << p;
        }
        QString endsProblem =
            missingEnds.isEmpty() ? QString() : tr("%1 missing").arg(pointList(missingEnds));
        if (!extra.isEmpty())
            endsProblem += (endsProblem.isEmpty() ? QString() : QStringLiteral("; "))
                + tr("%1 not an end or the middle").arg(pointList(extra));
        fail(at, item,
             tr("labels for %1 do not fit the scale %2–%3: label every point (missing: %4) or "
                "only the ends and middle, %5 (%6)")
                 .arg(pointList(given), QString::number(d.scaleMin), QString::number(d.scaleMax),
                      pointList(missingAll), pointList(endsAndMiddle), endsProblem));
    }

    void forms(const Json &root, Protocol &p) const
    {
        p.context.key = QStringLiteral("context");
        p.profile.key = QStringLiteral("profile");
        if (!child(root, "forms"))
            return;
        const Json &forms = object(root, {}, {}, "forms");
        known(forms, {"forms"}, tr("forms"), {"context", "profile"});
        if (child(forms, "context"))
            p.context = form(forms, "context");
        if (child(forms, "profile"))
            p.profile = form(forms, "profile");
    }

    Form form(const Json &forms, const char *slot) const
    {
        const Path path {"forms", slot};
        const QString item = tr("form \"%1\"").arg(QString::fromLatin1(slot));
        Json node = object(forms, {"forms"}, {}, slot);
        // What the form reader cannot place precisely is checked here first.
        if (const Json *fields = child(node, "fields"); fields && fields->is_array()) {
            QSet<QString> keys;
            for (std::size_t i = 0; i < fields->size(); ++i) {
                const Json &field = (*fields)[i];
                if (!field.is_object())
                    continue;
                const QString key = child(field, "key") && field["key"].is_string()
                    ? qs(field["key"].get<std::string>())
                    : QString();
                const QString fieldItem =
                    tr("%1, field %2 (\"%3\")").arg(item, QString::number(i + 1), key);
                if (!key.isEmpty() && keys.contains(key))
                    fail(path + "fields" + i + "key", fieldItem,
                         tr("the key \"%1\" is used twice").arg(key));
                keys.insert(key);
                if (const Json *type = child(field, "type")) {
                    const QString name =
                        type->is_string() ? qs(type->get<std::string>()) : QString();
                    if (!fromKey<FormField::Type>(name))
                        fail(path + "fields" + i + "type", fieldItem,
                             tr("\"%1\" is not a field type; the types are %2")
                                 .arg(type->is_string() ? name : qs(type->dump()),
                                      keyList<FormField::Type>()));
                }
            }
        }
        if (!child(node, "key"))
            node["key"] = slot;
        const QString where = QStringLiteral("%1:%2: %3")
                                  .arg(m_source, lineColumn(m_text, m_locator.offset(path)), item);
        return forms::parse(QByteArray::fromStdString(node.dump()), where);
    }

    void sharing(const Json &root, Protocol &p) const
    {
        p.sharing = false;
        if (!child(root, "sharing"))
            return;
        const Json &node = object(root, {}, {}, "sharing");
        const Path path {"sharing"};
        const QString item = tr("sharing");
        known(node, path, item, {"enabled", "consent"});
        p.sharing = boolean(node, path, item, "enabled", false);
        p.consent = string(node, path, item, "consent", false);
        if (p.sharing && p.consent.isEmpty() && !m_stored)
            fail(child(node, "consent") ? path + "consent" : path, item,
                 tr("sharing is enabled but there is no consent text: add \"consent\", the text "
                    "shown before anything is shared"));
    }

    void retest(const Json &root, Protocol &p) const
    {
        if (!child(root, "retest"))
            return;
        const Json &node = object(root, {}, {}, "retest");
        const Path path {"retest"};
        const QString item = tr("retest");
        known(node, path, item, {"enabled", "every_conversations", "percent"});
        p.retest.enabled = boolean(node, path, item, "enabled", true);
        p.retest.everyConversations =
            int(integer(node, path, item, "every_conversations", 5, 1, 1000));
        p.retest.percent = int(integer(node, path, item, "percent", 10, 1, 100));
    }

    void order(const Json &root, Protocol &p) const
    {
        if (!child(root, "dimension_order"))
            return;
        const Json &node = object(root, {}, {}, "dimension_order");
        const Path path {"dimension_order"};
        const QString item = tr("dimension_order");
        known(node, path, item, {"mode", "seed"});
        const QString mode =
            child(node, "mode") ? string(node, path, item, "mode", true) : QStringLiteral("fixed");
        const auto known = fromKey<DimensionOrder>(mode);
        if (!known)
            fail(path + "mode", item, tr("mode \"%1\" must be \"fixed\" or \"random\"").arg(mode));
        p.order = *known;
        if (const Json *seed = child(node, "seed")) {
            if (!seed->is_number_unsigned())
                fail(path + "seed", item, tr("\"seed\" must be a whole number, 0 or more"));
            p.orderSeed = seed->get<quint64>();
        }
    }

    double number(const Json &parent, const Path &path, const QString &item, const char *key,
                  double fallback, double min, double max) const
    {
        const Json *v = child(parent, key);
        if (!v)
            return fallback;
        if (!v->is_number())
            fail(path + key, item, tr("\"%1\" must be a number").arg(QString::fromLatin1(key)));
        const double n = v->get<double>();
        if (n < min || n > max)
            fail(path + key, item,
                 tr("\"%1\" must be from %2 to %3")
                     .arg(QString::fromLatin1(key), QString::number(min), QString::number(max)));
        return n;
    }

    void live(const Json &root, Protocol &p) const
    {
        if (!child(root, "live"))
            return;
        const Json &node = object(root, {}, {}, "live");
        const Path path {"live"};
        const QString item = tr("live");
        known(node, path, item, {"conditions", "assignment", "blinded", "rating"});
        const Json *list = child(node, "conditions");
        if (!list)
            fail(path, item, tr("\"conditions\" is missing: a live study has at least one"));
        if (!list->is_array())
            fail(path + "conditions", item, tr("\"conditions\" must be a list"));
        if (list->empty())
            fail(path + "conditions", item,
                 tr("\"conditions\" is empty: a live study has at least one assistant condition"));
        LivePlan &plan = p.live;
        for (std::size_t i = 0; i < list->size(); ++i) {
            const Path at = path + "conditions" + i;
            AssistantCondition c = condition((*list)[i], at, i);
            const QString conditionItem = tr("live condition %1 (\"%2\")").arg(i + 1).arg(c.key);
            for (qsizetype earlier = 0; earlier < plan.conditions.size(); ++earlier) {
                if (plan.conditions[earlier].key == c.key)
                    fail(at + "key", conditionItem,
                         tr("the key \"%1\" is used by condition %2 too")
                             .arg(c.key, QString::number(earlier + 1)));
                // What participants tell the assistants by, and what their live conversations
                // record as the assistant. Only a file written for a new study is held to it: a
                // copy a data set or a study server keeps is read as it was accepted.
                if (m_written
                    && plan.conditions[earlier].label.compare(c.label, Qt::CaseInsensitive) == 0)
                    fail(child((*list)[i], "label") ? at + "label" : at, conditionItem,
                         tr("the label \"%1\" is condition %2's too (case aside): participants "
                            "could not tell the two assistants apart")
                             .arg(c.label, QString::number(earlier + 1)));
            }
            plan.conditions.append(std::move(c));
        }
        if (child(node, "assignment")) {
            const Json &assignment = object(node, path, item, "assignment");
            const Path at = path + "assignment";
            const QString assignmentItem = tr("live assignment");
            known(assignment, at, assignmentItem, {"design", "seed"});
            const QString design = child(assignment, "design")
                ? string(assignment, at, assignmentItem, "design", true)
                : QStringLiteral("between");
            const auto known = fromKey<AssignmentDesign>(design);
            if (!known)
                fail(at + "design", assignmentItem,
                     tr("design \"%1\" must be \"between\" or \"within\"").arg(design));
            plan.design = *known;
            if (const Json *seed = child(assignment, "seed")) {
                if (!seed->is_number_unsigned())
                    fail(at + "seed", assignmentItem,
                         tr("\"seed\" must be a whole number, 0 or more"));
                plan.seed = seed->get<quint64>();
            }
        }
        plan.blinded = boolean(node, path, item, "blinded", true);
        if (child(node, "rating")) {
            const Json &rating = object(node, path, item, "rating");
            const Path at = path + "rating";
            const QString ratingItem = tr("live rating");
            known(rating, at, ratingItem, {"when", "required"});
            const QString when = child(rating, "when")
                ? string(rating, at, ratingItem, "when", true)
                : QStringLiteral("after_each_reply");
            const auto known = fromKey<RatingTiming>(when);
            if (!known)
                fail(at + "when", ratingItem,
                     tr("when \"%1\" must be \"after_each_reply\" or \"at_end\"").arg(when));
            plan.rating = *known;
            plan.ratingRequired = boolean(rating, at, ratingItem, "required", false);
        }
    }

    AssistantCondition condition(const Json &node, const Path &path, std::size_t index) const
    {
        QString item = tr("live condition %1").arg(index + 1);
        if (!node.is_object())
            fail(path, item, tr("a condition is a JSON object"));
        AssistantCondition c;
        c.key = string(node, path, item, "key", true);
        if (!isKey(c.key))
            fail(path + "key", item,
                 tr("the key \"%1\" must be lower-case letters, digits and _").arg(c.key));
        item = tr("live condition %1 (\"%2\")").arg(index + 1).arg(c.key);
        known(node, path, item, {"key", "label", "endpoint", "scripted"});
        c.label = string(node, path, item, "label", false);
        if (c.label.isEmpty())
            c.label = defaultLabel(index);
        const bool endpoint = child(node, "endpoint");
        const bool scripted = child(node, "scripted");
        if (!endpoint && !scripted)
            fail(path, item,
                 tr("give \"endpoint\" (a chat-completions server) or \"scripted\" (replies "
                    "written here)"));
        if (endpoint && scripted)
            fail(path + "scripted", item, tr("give \"endpoint\" or \"scripted\", not both"));
        if (endpoint)
            this->endpoint(object(node, path, item, "endpoint"), path + "endpoint", item, c);
        else
            this->scripted(object(node, path, item, "scripted"), path + "scripted", item, c);
        return c;
    }

    /**
     * Whether \a url may carry a secret beside its server and path: a fragment, a query other
     * than Azure's "api-version", or a path segment that looks like a key ("sk-…") or a token
     * ("123456:AA…").
     */
    static bool secretInAddress(const QUrl &url)
    {
        if (url.hasFragment())
            return true;
        for (const auto &[name, value] : QUrlQuery(url).queryItems())
            if (name.toLower() != QLatin1String("api-version"))
                return true;
        const QStringList segments = url.path().split(QLatin1Char('/'), Qt::SkipEmptyParts);
        return std::any_of(segments.begin(), segments.end(), [](const QString &segment) {
            return segment.contains(QLatin1Char(':')) || segment.startsWith(QLatin1String("sk-"));
        });
    }

    void endpoint(const Json &node, const Path &path, const QString &item,
                  AssistantCondition &c) const
    {
        c.kind = AssistantCondition::Kind::Endpoint;
        if (child(node, "api_key"))
            fail(path + "api_key", item,
                 tr("a protocol never holds an API key: name the environment variable that "
                    "holds it in \"api_key_env\", or enter it in the studio"));
        known(node, path, item,
              {"url", "model", "system_prompt", "temperature", "max_tokens", "history_turns",
               "api_key_env"});
        const QString url = string(node, path, item, "url", true);
        c.url = QUrl(url, QUrl::StrictMode);
        if (!c.url.isValid() || c.url.host().isEmpty()
            || (c.url.scheme() != QLatin1String("http")
                && c.url.scheme() != QLatin1String("https")))
            fail(path + "url", item,
                 tr("\"%1\" is not an http:// or https:// address (e.g. "
                    "\"https://api.example.org/v1\")")
                     .arg(url));
        // The protocol travels in every data set and bundle made under it: a secret written
        // into its address would leave with them. (A data set's copy from before this rule
        // still opens.)
        if (!m_stored && (!c.url.userInfo().isEmpty() || secretInAddress(c.url)))
            fail(path + "url", item,
                 tr("a protocol never holds an API key or a password, not in its address "
                    "either (only \"api-version\" may follow the path): remove it from the "
                    "address of %1 and name the environment variable that holds the key in "
                    "\"api_key_env\", or enter it in the studio")
                     .arg(c.url.host()));
        c.model = string(node, path, item, "model", true);
        c.systemPrompt = string(node, path, item, "system_prompt", false);
        c.temperature = number(node, path, item, "temperature", 0.7, 0.0, 2.0);
        c.maxTokens = int(integer(node, path, item, "max_tokens", 0, 1, 1000000));
        c.historyTurns = int(integer(node, path, item, "history_turns", -1, 0, 100000));
        c.apiKeyVariable = string(node, path, item, "api_key_env", false);
        static const QRegularExpression variable(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
        if (!c.apiKeyVariable.isEmpty() && !variable.match(c.apiKeyVariable).hasMatch())
            fail(path + "api_key_env", item,
                 tr("\"%1\" is not the name of an environment variable (e.g. \"OPENAI_API_KEY\")")
                     .arg(c.apiKeyVariable));
    }

    void scripted(const Json &node, const Path &path, const QString &item,
                  AssistantCondition &c) const
    {
        c.kind = AssistantCondition::Kind::Scripted;
        known(node, path, item, {"replies", "fallback", "chunk_ms"});
        const Json *replies = child(node, "replies");
        if (!replies)
            fail(path, item, tr("\"replies\" is missing: a scripted condition has at least one"));
        if (!replies->is_array())
            fail(path + "replies", item, tr("\"replies\" must be a list"));
        if (replies->empty())
            fail(path + "replies", item,
                 tr("\"replies\" is empty: a scripted condition has at least one reply"));
        for (std::size_t i = 0; i < replies->size(); ++i) {
            const Json &reply = (*replies)[i];
            const Path at = path + "replies" + i;
            const QString replyItem = tr("%1, reply %2").arg(item, QString::number(i + 1));
            if (!reply.is_object())
                fail(at, replyItem, tr("a reply is a JSON object"));
            known(reply, at, replyItem, {"text", "match", "turn"});
            AssistantCondition::ScriptedReply r;
            r.text = string(reply, at, replyItem, "text", true);
            r.match = string(reply, at, replyItem, "match", false);
            r.turn = int(integer(reply, at, replyItem, "turn", 0, 0, 100000));
            c.replies.append(r);
        }
        c.fallback = string(node, path, item, "fallback", false);
        c.chunkMs = int(integer(node, path, item, "chunk_ms", 20, 0, 2000));
    }

    static QString defaultLabel(std::size_t index)
    {
        const QString letter =
            index < 26 ? QString(QChar(char16_t(u'A' + index))) : QString::number(index + 1);
        return tr("Assistant %1").arg(letter);
    }

    const QByteArray &m_text;
    QString m_source;
    Locator m_locator;
    bool m_stored = false; // a data set's copy: its instruments are not read
    bool m_written = false; // a file someone wrote for a new study (parseWritten())
};

/** Translations ("zh_CN/name", "zh_CN/anchor/3", "zh_CN/option/x") as a JSON object. */
Json translationsJson(const i18n::Translations &translations)
{
    Json result = Json::object();
    for (auto it = translations.begin(); it != translations.end(); ++it) {
        const QStringList parts = it.key().split(QLatin1Char('/'));
        const std::string language = parts.value(0).toStdString();
        const std::string text = it.value().toStdString();
        if (parts.size() == 2)
            result[language][parts[1].toStdString()] = text;
        else if (parts.size() == 3 && parts[1] == QLatin1String("anchor"))
            result[language]["anchors"][parts[2].toStdString()] = text;
        else if (parts.size() == 3 && parts[1] == QLatin1String("option"))
            result[language]["options"][parts[2].toStdString()] = text;
    }
    return result;
}

Json anchorsJson(const QMap<int, QString> &anchors)
{
    Json result = Json::object();
    for (auto it = anchors.begin(); it != anchors.end(); ++it)
        result[QString::number(it.key()).toStdString()] = it.value().toStdString();
    return result;
}

/** \a instrument as protocol JSON, written from its fields. */
Json instrumentJson(const Instrument &instrument)
{
    Json dimensions = Json::array();
    for (const Dimension &d : instrument.dimensions) {
        Json roles = Json::array();
        for (const QString &role : d.roles)
            roles.push_back(role.toStdString());
        Json node {{"key", d.key.toStdString()},
                   {"name", d.name.toStdString()},
                   {"question", d.question.toStdString()},
                   {"scale", {{"min", d.scaleMin}, {"max", d.scaleMax}}},
                   {"labels", anchorsJson(d.anchors)},
                   {"level", levelKey(d.level).toStdString()},
                   {"roles", roles},
                   {"required", d.required},
                   {"not_applicable", d.allowsNotApplicable}};
        if (!d.translations.isEmpty())
            node["translations"] = translationsJson(d.translations);
        dimensions.push_back(node);
    }
    Json result {{"key", instrument.key.toStdString()},
                 {"name", instrument.name.toStdString()},
                 {"version", instrument.version.toStdString()},
                 {"not_applicable", instrument.allowsNotApplicable},
                 {"dimensions", dimensions}};
    if (!instrument.description.isEmpty())
        result["description"] = instrument.description.toStdString();
    if (!instrument.translations.isEmpty())
        result["translations"] = translationsJson(instrument.translations);
    return result;
}

Json formJson(const Form &form)
{
    Json fields = Json::array();
    for (const FormField &f : form.fields) {
        Json node {{"key", f.key.toStdString()},
                   {"label", f.label.toStdString()},
                   {"type", formFieldTypeKey(f.type).toStdString()},
                   {"required", f.required}};
        if (!f.help.isEmpty())
            node["help"] = f.help.toStdString();
        if (!f.options.isEmpty()) {
            Json options = Json::array();
            for (const FormField::Option &o : f.options)
                options.push_back(
                    {{"value", o.value.toStdString()}, {"label", o.label.toStdString()}});
            node["options"] = options;
            node["allow_other"] = f.allowOther;
        }
        if (f.type == FormField::Type::Scale || f.type == FormField::Type::Number) {
            node["min"] = f.min;
            node["max"] = f.max;
        }
        if (!f.anchors.isEmpty())
            node["anchors"] = anchorsJson(f.anchors);
        if (f.multiline)
            node["multiline"] = true;
        if (!f.translations.isEmpty())
            node["translations"] = translationsJson(f.translations);
        fields.push_back(node);
    }
    Json result {
        {"key", form.key.toStdString()}, {"title", form.title.toStdString()}, {"fields", fields}};
    if (!form.description.isEmpty())
        result["description"] = form.description.toStdString();
    if (!form.translations.isEmpty())
        result["translations"] = translationsJson(form.translations);
    return result;
}

/** \a instrument as protocol JSON: its own definition where it has a usable one. */
Json instrumentDefinition(const Instrument &instrument)
{
    if (instrument.definition.size() > 2) {
        try {
            Json parsed =
                Json::parse(instrument.definition.constBegin(), instrument.definition.constEnd());
            if (parsed.is_object()
                && parsed.value("key", std::string()) == instrument.key.toStdString()
                && parsed.contains("dimensions"))
                return parsed;
        } catch (const Json::exception &) { }
    }
    return instrumentJson(instrument);
}

Json liveJson(const LivePlan &plan)
{
    Json conditions = Json::array();
    for (const AssistantCondition &c : plan.conditions) {
        Json node {{"key", c.key.toStdString()}, {"label", c.label.toStdString()}};
        if (c.kind == AssistantCondition::Kind::Endpoint) {
            Json endpoint {{"url", c.url.toString().toStdString()},
                           {"model", c.model.toStdString()},
                           {"temperature", c.temperature}};
            if (!c.systemPrompt.isEmpty())
                endpoint["system_prompt"] = c.systemPrompt.toStdString();
            if (c.maxTokens > 0)
                endpoint["max_tokens"] = c.maxTokens;
            if (c.historyTurns >= 0)
                endpoint["history_turns"] = c.historyTurns;
            if (!c.apiKeyVariable.isEmpty())
                endpoint["api_key_env"] = c.apiKeyVariable.toStdString();
            node["endpoint"] = endpoint;
        } else {
            Json replies = Json::array();
            for (const AssistantCondition::ScriptedReply &r : c.replies) {
                Json reply {{"text", r.text.toStdString()}};
                if (!r.match.isEmpty())
                    reply["match"] = r.match.toStdString();
                if (r.turn > 0)
                    reply["turn"] = r.turn;
                replies.push_back(reply);
            }
            Json scripted {{"replies", replies}, {"chunk_ms", c.chunkMs}};
            if (!c.fallback.isEmpty())
                scripted["fallback"] = c.fallback.toStdString();
            node["scripted"] = scripted;
        }
        conditions.push_back(node);
    }
    return {{"conditions", conditions},
            {"assignment", {{"design", keyOf(plan.design).toStdString()}, {"seed", plan.seed}}},
            {"blinded", plan.blinded},
            {"rating",
             {{"when", keyOf(plan.rating).toStdString()}, {"required", plan.ratingRequired}}}};
}

Json protocolJson(const Protocol &p)
{
    if (!p.definition.isEmpty()) {
        try {
            return Json::parse(p.definition.constBegin(), p.definition.constEnd());
        } catch (const Json::exception &) { }
    }
    Json instruments = Json::array();
    for (const Instrument &instrument : p.instruments)
        instruments.push_back(instrumentDefinition(instrument));
    Json result {
        {"key", p.key.toStdString()},
        {"name", p.name.toStdString()},
        {"version", p.version.toStdString()},
        {"instruments", instruments},
        {"forms", {{"context", formJson(p.context)}, {"profile", formJson(p.profile)}}},
        {"sharing", {{"enabled", p.sharing}, {"consent", p.consent.toStdString()}}},
        {"retest",
         {{"enabled", p.retest.enabled},
          {"every_conversations", p.retest.everyConversations},
          {"percent", p.retest.percent}}},
        {"dimension_order", {{"mode", keyOf(p.order).toStdString()}, {"seed", p.orderSeed}}}};
    if (!p.description.isEmpty())
        result["description"] = p.description.toStdString();
    if (!p.translations.isEmpty())
        result["translations"] = translationsJson(p.translations);
    if (!p.live.conditions.isEmpty())
        result["live"] = liveJson(p.live);
    if (p.context.fields.isEmpty())
        result["forms"].erase("context");
    if (p.profile.fields.isEmpty())
        result["forms"].erase("profile");
    return result;
}

} // namespace

Protocol parse(const QByteArray &json, const QString &source)
{
    if (json.trimmed().isEmpty())
        throw Error(tr("%1: the file is empty.").arg(source));
    return Parser(json, source).run(false);
}

Protocol parseStored(const QByteArray &definition, const QString &source)
{
    return Parser(definition, source).run(true);
}

Protocol parseWritten(const QByteArray &json, const QString &source)
{
    if (json.trimmed().isEmpty())
        throw Error(tr("%1: the file is empty.").arg(source));
    return Parser(json, source).run(false, true);
}

QByteArray canonical(const Protocol &protocol)
{
    return QByteArray::fromStdString(protocolJson(protocol).dump());
}

QByteArray definitionOf(const Instrument &instrument)
{
    return QByteArray::fromStdString(instrumentDefinition(instrument).dump());
}

QByteArray withInstruments(const Protocol &protocol, const QVector<Instrument> &instruments)
{
    Json result = protocolJson(protocol);
    Json list = Json::array();
    for (const Instrument &instrument : instruments)
        list.push_back(instrumentDefinition(instrument));
    result["instruments"] = list;
    return QByteArray::fromStdString(result.dump());
}

Protocol load(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw Error(tr("Cannot read %1: %2").arg(path, file.errorString()));
    return parseWritten(file.readAll(), QFileInfo(path).fileName());
}

QStringList shippedKeys()
{
    return {QStringLiteral("sense7"), QStringLiteral("esconv"), QStringLiteral("perceived_empathy"),
            QStringLiteral("sense7_live")};
}

Protocol shipped(const QString &key)
{
    if (!shippedKeys().contains(key))
        throw Error(tr("There is no shipped protocol \"%1\"; the shipped ones are %2.")
                        .arg(key, shippedKeys().join(QStringLiteral(", "))));
    return load(QStringLiteral(":/sense7/protocols/%1.json").arg(key));
}

Protocol sense7()
{
    static const Protocol p = shipped(QStringLiteral("sense7"));
    return p;
}

Compatibility compare(const Protocol &ours, const Protocol &theirs)
{
    Compatibility result;
    for (const Instrument &their : theirs.instruments) {
        const Instrument *our = ours.instrument(their.key);
        if (!our) {
            result.differences.append(
                tr("the instrument \"%1\" is not in this data set's protocol (\"%2\")")
                    .arg(their.key, ours.key));
            continue;
        }
        for (const Dimension &d : their.dimensions) {
            const auto match = std::find_if(our->dimensions.begin(), our->dimensions.end(),
                                            [&](const Dimension &o) { return o.key == d.key; });
            if (match == our->dimensions.end()) {
                result.differences.append(
                    tr("%1/%2 is not a dimension of this data set's %1").arg(their.key, d.key));
                continue;
            }
            if (match->level != d.level)
                result.differences.append(
                    tr("%1/%2 is rated per %3 here, per %4 there")
                        .arg(their.key, d.key, levelKey(match->level), levelKey(d.level)));
            if (match->scaleMin != d.scaleMin || match->scaleMax != d.scaleMax)
                result.differences.append(
                    tr("%1/%2 has the scale %3–%4 here, %5–%6 there")
                        .arg(their.key, d.key, QString::number(match->scaleMin),
                             QString::number(match->scaleMax), QString::number(d.scaleMin),
                             QString::number(d.scaleMax)));
        }
        for (const Dimension &o : our->dimensions) {
            const bool there = std::any_of(their.dimensions.begin(), their.dimensions.end(),
                                           [&](const Dimension &d) { return d.key == o.key; });
            if (!there)
                result.differences.append(
                    tr("%1/%2 is a dimension here but not there").arg(their.key, o.key));
        }
    }
    return result;
}

} // namespace protocol
} // namespace sense7
