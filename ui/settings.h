#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QSettings>
#include <QString>
#include <QStringList>

namespace sense7 {

/**
 * Typed access to the studio's persistent settings; every key lives in settings.cpp. Uses the
 * platform's QSettings for the application's organisation and name.
 */
class Settings
{
public:
    Settings();

    QByteArray mainWindowGeometry() const;
    void setMainWindowGeometry(const QByteArray &geometry);
    QByteArray mainWindowState() const;
    void setMainWindowState(const QByteArray &state);
    QByteArray splitterState() const;
    void setSplitterState(const QByteArray &state);

    QByteArray workspaceState() const;
    void setWorkspaceState(const QByteArray &state);
    QByteArray browserGeometry() const;
    void setBrowserGeometry(const QByteArray &geometry);
    QByteArray browserSplitter() const;
    void setBrowserSplitter(const QByteArray &state);
    /** The transcript and trajectory split. */
    QByteArray readingState() const;
    void setReadingState(const QByteArray &state);

    /** "participant", "researcher", or empty: chosen from the data set. */
    QString annotationMode() const;
    void setAnnotationMode(const QString &mode);

    /** Blind re-rating: every \a everyConversations fully rated, \a percent of rated turns. */
    bool retestEnabled() const;
    void setRetestEnabled(bool on);
    int retestEveryConversations() const;
    void setRetestEveryConversations(int n);
    int retestPercent() const;
    void setRetestPercent(int percent);
    /** Fully rated conversations when the last re-rating round of \a dataSet was offered. */
    int retestMilestone(const QString &dataSet) const;
    void setRetestMilestone(const QString &dataSet, int completed);

    /** Prediction endpoint: URL, model, prompt context, concurrency; never the API key. */
    QString classifyEndpoint() const;
    void setClassifyEndpoint(const QString &url);
    QString classifyModel() const;
    void setClassifyModel(const QString &model);
    int classifyContextTurns() const;
    void setClassifyContextTurns(int turns);
    int classifyConcurrency() const;
    void setClassifyConcurrency(int n);
    /** Whether the API key was left in the system keychain. */
    bool classifyKeyInKeychain() const;
    void setClassifyKeyInKeychain(bool on);

    /** The export figure dialog's last choices: format, preset, font, size, dpi. */
    QJsonObject figureOptions() const;
    void setFigureOptions(const QJsonObject &options);
    /** Where figures, data and bundles were last saved. */
    QString exportFolder() const;
    void setExportFolder(const QString &folder);
    QString lastDataSet() const;
    void setLastDataSet(const QString &path);
    /** Most recent first, without duplicates, at most maxRecent entries. */
    QStringList recentDataSets() const;
    void addRecentDataSet(const QString &path);
    void removeRecentDataSet(const QString &path);

    /** Preferences: "" follows the system, else a language code such as "zh_CN" or "en". */
    QString language() const;
    void setLanguage(const QString &code);
    /** Preferences: "system", "light" or "dark". */
    QString theme() const;
    void setTheme(const QString &theme);

    static constexpr int maxRecent = 8;

private:
    QSettings m_settings;
};

} // namespace sense7
