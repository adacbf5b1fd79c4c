#include "settings.h"

#include <QFileInfo>

namespace sense7 {

namespace key {
const auto geometry = QStringLiteral("mainWindow/geometry");
const auto state = QStringLiteral("mainWindow/state");
const auto splitter = QStringLiteral("mainWindow/splitter");
const auto lastDataSet = QStringLiteral("dataSets/last");
const auto recent = QStringLiteral("dataSets/recent");
} // namespace key

Settings::Settings() = default;

QByteArray Settings::mainWindowGeometry() const
{
    return m_settings.value(key::geometry).toByteArray();
}

void Settings::setMainWindowGeometry(const QByteArray &geometry)
{
    m_settings.setValue(key::geometry, geometry);
}

QByteArray Settings::mainWindowState() const
{
    return m_settings.value(key::state).toByteArray();
}

void Settings::setMainWindowState(const QByteArray &state)
{
    m_settings.setValue(key::state, state);
}

QByteArray Settings::splitterState() const
{
    return m_settings.value(key::splitter).toByteArray();
}

void Settings::setSplitterState(const QByteArray &state)
{
    m_settings.setValue(key::splitter, state);
}

QString Settings::lastDataSet() const
{
    return m_settings.value(key::lastDataSet).toString();
}

void Settings::setLastDataSet(const QString &path)
{
    m_settings.setValue(key::lastDataSet, path);
}

QStringList Settings::recentDataSets() const
{
    return m_settings.value(key::recent).toStringList();
}

void Settings::addRecentDataSet(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList recent = recentDataSets();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > maxRecent)
        recent.removeLast();
    m_settings.setValue(key::recent, recent);
}

void Settings::removeRecentDataSet(const QString &path)
{
    QStringList recent = recentDataSets();
    recent.removeAll(QFileInfo(path).absoluteFilePath());
    m_settings.setValue(key::recent, recent);
}

} // namespace sense7
