#pragma once

#include "studyserverdialog.h"

#include <QWidget>

class QLabel;
class QSortFilterProxyModel;
class QTableView;
class QThread;
class QTimer;

namespace sense7 {

class StudyProgressModel;

/**
 * The study-progress window: per participant, conversations, share rated, last sync and
 * condition, read from the study server every few seconds (on a worker thread, so the studio
 * never waits for the network) and sortable by any column. A failed read keeps the last table
 * and says so.
 */
class StudyProgressWindow : public QWidget
{
    Q_OBJECT

public:
    explicit StudyProgressWindow(StudyServerLogin login, QWidget *parent = nullptr);
    ~StudyProgressWindow() override;

    /** Reads the server now unless a read is under way. */
    void refresh();
    /** How often the window reads the server (ms); 0 stops. */
    void setInterval(int msec);
    bool isRefreshing() const { return m_thread != nullptr; }

    StudyProgressModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QLabel *statusLabel() const { return m_status; }

Q_SIGNALS:
    /** A read ended: \a ok, or \a message says why it failed. */
    void refreshed(bool ok, const QString &message);

private:
    StudyServerLogin m_login;
    StudyProgressModel *m_model;
    QSortFilterProxyModel *m_sorted;
    QTableView *m_view;
    QLabel *m_status;
    QTimer *m_timer;
    QThread *m_thread = nullptr;
};

} // namespace sense7
