#pragma once

#include <QSettings>
#include <QString>
#include <QVariant>

namespace sense7 {

/**
 * One persistent setting: its key, its default and its type, read and written through the
 * QSettings of its owner (Settings). \a adjust, when given, corrects a stored value on reading
 * (a bound, a closed set of words), so a hand-edited or old value never reaches the program.
 */
template<typename T>
class SettingValue
{
public:
    using Adjust = T (*)(const T &);

    SettingValue(QSettings &settings, const char *key, T fallback = T(), Adjust adjust = nullptr)
        : m_settings(settings)
        , m_key(QString::fromLatin1(key))
        , m_default(std::move(fallback))
        , m_adjust(adjust)
    { }

    T get() const
    {
        const T value = m_settings.value(m_key, QVariant::fromValue(m_default)).template value<T>();
        return m_adjust ? m_adjust(value) : value;
    }
    void set(const T &value) { m_settings.setValue(m_key, QVariant::fromValue(value)); }
    const QString &key() const { return m_key; }

private:
    QSettings &m_settings;
    QString m_key;
    T m_default;
    Adjust m_adjust;
};

} // namespace sense7
