#include "settings.h"

#include <QFileInfo>
#include <QJsonDocument>

namespace sense7 {

namespace key {
const auto geometry = QStringLiteral("mainWindow/geometry");
const auto state = QStringLiteral("mainWindow/state");
const auto splitter = QStringLiteral("mainWindow/splitter");
const auto lastDataSet = QStringLiteral("dataSets/last");
const auto workspace = QStringLiteral("mainWindow/workspace");
const auto reading = QStringLiteral("mainWindow/reading");
const auto browserGeometry = QStringLiteral("browser/geometry");
const auto browserSplitter = QStringLiteral("browser/splitter");
const auto figureOptions = QStringLiteral("export/figure");
const auto exportFolder = QStringLiteral("export/folder");
const auto mode = QStringLiteral("annotation/mode");
const auto retestEnabled = QStringLiteral("retest/enabled");
const auto retestEvery = QStringLiteral("retest/everyConversations");
const auto retestPercent = QStringLiteral("retest/percent");
const auto retestMilestones = QStringLiteral("retest/milestones");
const auto recent = QStringLiteral("dataSets/recent");
const auto classifyEndpoint = QStringLiteral("classify/endpoint");
const auto classifyModel = QStringLiteral("classify/model");
const auto classifyContext = QStringLiteral("classify/contextTurns");
const auto classifyConcurrency = QStringLiteral("classify/concurrency");
const auto classifyKeychain = QStringLiteral("classify/keyInKeychain");
const auto language = QStringLiteral("appearance/language");
const auto theme = QStringLiteral("appearance/theme");
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

QJsonObject Settings::figureOptions() const
{
    return QJsonDocument::fromJson(m_settings.value(key::figureOptions).toByteArray()).object();
}

void Settings::setFigureOptions(const QJsonObject &options)
{
    m_settings.setValue(key::figureOptions, QJsonDocument(options).toJson(QJsonDocument::Compact));
}

QString Settings::exportFolder() const
{
    return m_settings.value(key::exportFolder).toString();
}

void Settings::setExportFolder(const QString &folder)
{
    m_settings.setValue(key::exportFolder, folder);
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

QByteArray Settings::workspaceState() const
{
    return m_settings.value(key::workspace).toByteArray();
}

void Settings::setWorkspaceState(const QByteArray &state)
{
    m_settings.setValue(key::workspace, state);
}

QByteArray Settings::browserGeometry() const
{
    return m_settings.value(key::browserGeometry).toByteArray();
}

void Settings::setBrowserGeometry(const QByteArray &geometry)
{
    m_settings.setValue(key::browserGeometry, geometry);
}

QByteArray Settings::browserSplitter() const
{
    return m_settings.value(key::browserSplitter).toByteArray();
}

void Settings::setBrowserSplitter(const QByteArray &state)
{
    m_settings.setValue(key::browserSplitter, state);
}

QByteArray Settings::readingState() const
{
    return m_settings.value(key::reading).toByteArray();
}

void Settings::setReadingState(const QByteArray &state)
{
    m_settings.setValue(key::reading, state);
}

QString Settings::annotationMode() const
{
    return m_settings.value(key::mode).toString();
}

void Settings::setAnnotationMode(const QString &mode)
{
    m_settings.setValue(key::mode, mode);
}

bool Settings::retestEnabled() const
{
    return m_settings.value(key::retestEnabled, true).toBool();
}

void Settings::setRetestEnabled(bool on)
{
    m_settings.setValue(key::retestEnabled, on);
}

int Settings::retestEveryConversations() const
{
    return qBound(1, m_settings.value(key::retestEvery, 5).toInt(), 1000);
}

void Settings::setRetestEveryConversations(int n)
{
    m_settings.setValue(key::retestEvery, n);
}

QString Settings::classifyEndpoint() const
{
    return m_settings.value(key::classifyEndpoint).toString();
}

void Settings::setClassifyEndpoint(const QString &url)
{
    m_settings.setValue(key::classifyEndpoint, url);
}

QString Settings::classifyModel() const
{
    return m_settings.value(key::classifyModel).toString();
}

void Settings::setClassifyModel(const QString &model)
{
    m_settings.setValue(key::classifyModel, model);
}

int Settings::classifyContextTurns() const
{
    return qBound(1, m_settings.value(key::classifyContext, 8).toInt(), 100);
}

void Settings::setClassifyContextTurns(int turns)
{
    m_settings.setValue(key::classifyContext, turns);
}

int Settings::classifyConcurrency() const
{
    return qBound(1, m_settings.value(key::classifyConcurrency, 4).toInt(), 32);
}

void Settings::setClassifyConcurrency(int n)
{
    m_settings.setValue(key::classifyConcurrency, n);
}

bool Settings::classifyKeyInKeychain() const
{
    return m_settings.value(key::classifyKeychain, false).toBool();
}

void Settings::setClassifyKeyInKeychain(bool on)
{
    m_settings.setValue(key::classifyKeychain, on);
}

int Settings::retestPercent() const
{
    return qBound(1, m_settings.value(key::retestPercent, 10).toInt(), 100);
}

void Settings::setRetestPercent(int percent)
{
    m_settings.setValue(key::retestPercent, percent);
}

int Settings::retestMilestone(const QString &dataSet) const
{
    return m_settings.value(key::retestMilestones).toMap().value(dataSet).toInt();
}

void Settings::setRetestMilestone(const QString &dataSet, int completed)
{
    QVariantMap map = m_settings.value(key::retestMilestones).toMap();
    map.insert(dataSet, completed);
    m_settings.setValue(key::retestMilestones, map);
}

QString Settings::language() const
{
    return m_settings.value(key::language).toString();
}

void Settings::setLanguage(const QString &code)
{
    m_settings.setValue(key::language, code);
}

QString Settings::theme() const
{
    const QString theme = m_settings.value(key::theme).toString();
    return theme == QLatin1String("light") || theme == QLatin1String("dark")
        ? theme
        : QStringLiteral("system");
}

void Settings::setTheme(const QString &theme)
{
    m_settings.setValue(key::theme, theme);
}

} // namespace sense7
