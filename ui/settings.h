#pragma once

#include "settingvalue.h"

#include <QByteArray>
#include <QJsonObject>
#include <QSettings>
#include <QString>
#include <QStringList>

namespace sense7 {

/**
 * The studio's persistent settings, each a typed SettingValue with its key and default, in the
 * platform's QSettings for the application's organisation and name. Read with get(), write with
 * set(); the few settings with more to them than a value have their own methods.
 */
class Settings
{
    QSettings m_settings; // first: every setting below refers to it

public:
    Settings();

    SettingValue<QByteArray> mainWindowGeometry {m_settings, "mainWindow/geometry"};
    SettingValue<QByteArray> mainWindowState {m_settings, "mainWindow/state"};
    SettingValue<QByteArray> splitterState {m_settings, "mainWindow/splitter"};
    SettingValue<QByteArray> workspaceState {m_settings, "mainWindow/workspace"};
    /** The transcript and trajectory split. */
    SettingValue<QByteArray> readingState {m_settings, "mainWindow/reading"};
    SettingValue<QByteArray> browserGeometry {m_settings, "browser/geometry"};
    SettingValue<QByteArray> browserSplitter {m_settings, "browser/splitter"};

    /** "participant", "researcher", or empty: chosen from the data set. */
    SettingValue<QString> annotationMode {m_settings, "annotation/mode"};

    // Blind re-rating follows the data set's protocol (Protocol::retest), not a preference.
    /** Fully rated conversations when the last re-rating round of \a dataSet was offered. */
    int retestMilestone(const QString &dataSet) const;
    void setRetestMilestone(const QString &dataSet, int completed);

    /** Prediction endpoint: URL, model, prompt context, concurrency; never the API key. */
    SettingValue<QString> classifyEndpoint {m_settings, "classify/endpoint"};
    SettingValue<QString> classifyModel {m_settings, "classify/model"};
    SettingValue<int> classifyContextTurns {m_settings, "classify/contextTurns", 8,
                                            [](const int &n) {
                                                return qBound(1, n, 100);
                                            }};
    SettingValue<int> classifyConcurrency {m_settings, "classify/concurrency", 4, [](const int &n) {
                                               return qBound(1, n, 32);
                                           }};
    /** Whether the API key was left in the system keychain. */
    SettingValue<bool> classifyKeyInKeychain {m_settings, "classify/keyInKeychain", false};

    /** The export figure dialog's last choices: format, preset, font, size, dpi. */
    QJsonObject figureOptions() const;
    void setFigureOptions(const QJsonObject &options);
    /** Where figures, data and bundles were last saved. */
    SettingValue<QString> exportFolder {m_settings, "export/folder"};
    /** File ▸ New study…: where a protocol file was last chosen. */
    SettingValue<QString> protocolFolder {m_settings, "newStudy/protocolFolder"};
    SettingValue<QString> lastDataSet {m_settings, "dataSets/last"};
    /** Most recent first, without duplicates, at most maxRecent entries. */
    QStringList recentDataSets() const;
    void addRecentDataSet(const QString &path);
    void removeRecentDataSet(const QString &path);

    /** Preferences: "" follows the system, else a language code such as "zh_CN" or "en". */
    SettingValue<QString> language {m_settings, "appearance/language"};
    /** Preferences: "system", "light" or "dark". */
    SettingValue<QString> theme {m_settings, "appearance/theme", QString(), [](const QString &t) {
                                     return t == QLatin1String("light")
                                             || t == QLatin1String("dark")
                                         ? t
                                         : QStringLiteral("system");
                                 }};

    static constexpr int maxRecent = 8;

private:
    SettingValue<QStringList> m_recent {m_settings, "dataSets/recent"};
    SettingValue<QVariantMap> m_retestMilestones {m_settings, "retest/milestones"};
    SettingValue<QByteArray> m_figureOptions {m_settings, "export/figure"};
};

} // namespace sense7
