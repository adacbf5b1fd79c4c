#include "studyprogresswindow.h"

#include "error.h"
#include "server/pg.h"
#include "studyprogressmodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QThread>
#include <QTime>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

namespace sense7 {

StudyProgressWindow::StudyProgressWindow(StudyServerLogin login, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_login(std::move(login))
    , m_model(new StudyProgressModel(this))
    , m_sorted(new QSortFilterProxyModel(this))
    , m_view(new QTableView(this))
    , m_status(new QLabel(this))
    , m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("studyProgressWindow"));
    const QUrl url(m_login.url);
    setWindowTitle(tr("Study progress — %1")
                       .arg(url.isValid() && !url.host().isEmpty() ? url.host() + url.path()
                                                                   : tr("study server")));
    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(Qt::UserRole);
    m_view->setModel(m_sorted);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(StudyProgressModel::Code, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_status->setWordWrap(true);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_status);
    resize(720, 420);

    connect(m_timer, &QTimer::timeout, this, &StudyProgressWindow::refresh);
    setInterval(5000);
    refresh();
}

StudyProgressWindow::~StudyProgressWindow()
{
    if (m_thread)
        m_thread->wait();
}

void StudyProgressWindow::setInterval(int msec)
{
    if (msec <= 0) {
        m_timer->stop();
        return;
    }
    m_timer->start(msec);
}

void StudyProgressWindow::refresh()
{
    if (m_thread)
        return;
    struct Outcome
    {
        QVector<server::ParticipantProgress> rows;
        QString error;
    };
    auto outcome = std::make_shared<Outcome>();
    const StudyServerLogin login = m_login;
    m_thread = QThread::create([login, outcome] {
        try {
            pg::ConnectOptions options;
            options.password = login.password;
            options.applicationName = QStringLiteral("sense7 study progress");
            pg::Connection db(login.url, options);
            outcome->rows = server::studyProgress(db);
        } catch (const Error &e) {
            outcome->error = e.message();
        }
    });
    connect(m_thread, &QThread::finished, this, [this, outcome] {
        m_thread->deleteLater();
        m_thread = nullptr;
        const QString time = QLocale().toString(QTime::currentTime(), QLocale::LongFormat);
        if (outcome->error.isEmpty()) {
            m_model->setRows(outcome->rows);
            qint64 conversations = 0;
            for (const auto &p : std::as_const(outcome->rows))
                conversations += p.conversations;
            m_status->setText(tr("%n participant(s), %1 conversations. Read from the server at "
                                 "%2; read again every few seconds.",
                                 nullptr, int(outcome->rows.size()))
                                  .arg(QLocale().toString(conversations), time));
        } else {
            m_status->setText(tr("Could not read the server at %1: %2. The table shows the last "
                                 "figures read.")
                                  .arg(time, outcome->error));
        }
        Q_EMIT refreshed(outcome->error.isEmpty(), outcome->error);
    });
    m_thread->start();
}

} // namespace sense7
