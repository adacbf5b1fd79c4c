#include "settings.h"

#include <QFileInfo>
#include <QJsonDocument>

namespace sense7 {

Settings::Settings() = default;

QJsonObject Settings::figureOptions() const
{
    return QJsonDocument::fromJson(m_figureOptions.get()).object();
}

void Settings::setFigureOptions(const QJsonObject &options)
{
    m_figureOptions.set(QJsonDocument(options).toJson(QJsonDocument::Compact));
}

QStringList Settings::recentDataSets() const
{
    return m_recent.get();
}

void Settings::addRecentDataSet(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList recent = recentDataSets();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > maxRecent)
        recent.removeLast();
    m_recent.set(recent);
}

void Settings::removeRecentDataSet(const QString &path)
{
    QStringList recent = recentDataSets();
    recent.removeAll(QFileInfo(path).absoluteFilePath());
    m_recent.set(recent);
}

int Settings::retestMilestone(const QString &dataSet) const
{
    return m_retestMilestones.get().value(dataSet).toInt();
}

void Settings::setRetestMilestone(const QString &dataSet, int completed)
{
    QVariantMap map = m_retestMilestones.get();
    map.insert(dataSet, completed);
    m_retestMilestones.set(map);
}

} // namespace sense7
