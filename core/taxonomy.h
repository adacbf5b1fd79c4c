#pragma once

#include "i18n.h"
#include "keys.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

namespace sense7 {

enum class Level { Turn, Conversation };
template<>
struct KeyTable<Level>
{
    static const KeyEntry<Level> entries[2];
};
inline QString levelKey(Level level)
{
    return keyOf(level);
}

/** One rating dimension: a question on a whole-number scale, with anchors for some points. */
struct Dimension
{
    qint64 id = 0; // set when read from a data set
    QString key;
    QString name;
    QString question;
    int scaleMin = 1;
    int scaleMax = 5;
    QMap<int, QString> anchors; // scale point -> wording, shown as tooltips
    Level level = Level::Turn;
    /** Turn level: the roles whose turns are rated (role keys); the assistant's by default. */
    QStringList roles {QStringLiteral("assistant")};
    /** Whether a reply (or a conversation) counts as rated only once this dimension is. */
    bool required = true;
    /** Whether "not applicable" is an answer (the instrument's setting unless it says). */
    bool allowsNotApplicable = true;
    /** Other languages' name, question and anchors; name, question and anchors are English. */
    i18n::Translations translations;

    /** The wording in the application's language (i18n::language()), English where missing. */
    QString displayName() const;
    QString displayQuestion() const;
    QMap<int, QString> displayAnchors() const;
};

/**
 * A rating instrument such as SENSE-7. A data set stores the instruments it uses, so it always
 * carries its own taxonomy; `definition` keeps the JSON the instrument was loaded from.
 */
struct Instrument
{
    qint64 id = 0; // set when read from a data set
    QString key;
    QString name;
    QString version;
    QString description;
    bool allowsNotApplicable = true;
    QVector<Dimension> dimensions;
    QByteArray definition;
    i18n::Translations translations; // name and description

    QVector<Dimension> dimensionsAt(Level level) const;
    QString displayName() const;
    QString displayDescription() const;
};

namespace taxonomy {

/** Parses and validates an instrument; throws Error naming \a source and the problem. */
Instrument parse(const QByteArray &json, const QString &source);
/**
 * Fills the translations of \a instrument's dimensions (read from a data set's columns) from its
 * stored definition, and what the columns do not hold: the roles rated, whether a dimension is
 * required and whether "not applicable" is an answer. Leaves the defaults when the definition is
 * missing or unreadable.
 */
void attachTranslations(Instrument &instrument);
/** Reads \a path (a file or a Qt resource) and parses it. */
Instrument load(const QString &path);
/** The SENSE-7 instrument of the shipped SENSE-7 protocol (resources/protocols/sense7.json). */
Instrument sense7();

} // namespace taxonomy
} // namespace sense7
