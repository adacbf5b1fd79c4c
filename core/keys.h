#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <optional>

namespace sense7 {

/** The translation context of every label in a key table. */
inline constexpr char keyLabelContext[] = "sense7::keys";

/**
 * One value of an enum: its stable key (data sets, files, the command line; never translated) and,
 * where people see it, its English label marked with QT_TRANSLATE_NOOP("sense7::keys", ...).
 */
template<typename E>
struct KeyEntry
{
    E value;
    const char *key;
    const char *label = nullptr;
};

/**
 * The one key table of an enum, specialised beside the enum as
 * `template<> struct KeyTable<E> { static const KeyEntry<E> entries[N]; };` and defined in its
 * .cpp file. keyOf(), fromKey(), labelOf() and keysOf() are the only ways to use it.
 */
template<typename E>
struct KeyTable;

template<typename E>
QString keyOf(E value)
{
    for (const KeyEntry<E> &entry : KeyTable<E>::entries) {
        if (entry.value == value)
            return QString::fromLatin1(entry.key);
    }
    return {};
}

/** The key of \a value as the table holds it (static, Latin-1), for writing without a copy. */
template<typename E>
const char *keyData(E value)
{
    for (const KeyEntry<E> &entry : KeyTable<E>::entries) {
        if (entry.value == value)
            return entry.key;
    }
    return "";
}

template<typename E>
std::optional<E> fromKey(QStringView key)
{
    for (const KeyEntry<E> &entry : KeyTable<E>::entries) {
        if (key == QLatin1String(entry.key))
            return entry.value;
    }
    return std::nullopt;
}

/** The translated label of \a value (its key when the table has no label for it). */
template<typename E>
QString labelOf(E value)
{
    for (const KeyEntry<E> &entry : KeyTable<E>::entries) {
        if (entry.value == value)
            return entry.label ? QCoreApplication::translate(keyLabelContext, entry.label)
                               : QString::fromLatin1(entry.key);
    }
    return {};
}

/** Every key, in the table's order. */
template<typename E>
QStringList keysOf()
{
    QStringList keys;
    for (const KeyEntry<E> &entry : KeyTable<E>::entries)
        keys.append(QString::fromLatin1(entry.key));
    return keys;
}

} // namespace sense7
