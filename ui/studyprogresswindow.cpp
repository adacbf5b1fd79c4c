#include "studyprogresswindow.h"

#include "error.h"
#include "server/pg.h"
#include "server/serverschema.h"
#include "studyprogressmodel.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QThread>
#include <QTime>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

namespace sense7 {

namespace {

/** The window's own connection to the server, on its worker thread. */
std::unique_ptr<pg::Connection> connectTo(const StudyServerLogin &login)
{
    pg::ConnectOptions options;
    options.password = login.password;
    options.applicationName = QStringLiteral("sense7 study progress");
    return std::make_unique<pg::Connection>(login.url, options);
}

} // namespace

StudyProgressWindow::StudyProgressWindow(StudyServerLogin login, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_login(std::move(login))
    , m_model(new StudyProgressModel(this))
    , m_sorted(new QSortFilterProxyModel(this))
    , m_view(new QTableView(this))
    , m_status(new QLabel(this))
    , m_upgradeBar(new QFrame(this))
    , m_upgradeText(new QLabel(m_upgradeBar))
    , m_upgradeButton(new QPushButton(tr("&Upgrade the server…"), m_upgradeBar))
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

    m_upgradeBar->setObjectName(QStringLiteral("upgradeBar"));
    m_upgradeBar->setFrameShape(QFrame::StyledPanel);
    m_upgradeText->setWordWrap(true);
    m_upgradeButton->setToolTip(tr("Adds to the study's schema on the server what this version "
                                   "of Sense-7 Studio expects; the data are kept."));
    auto *bar = new QHBoxLayout(m_upgradeBar);
    bar->addWidget(m_upgradeText, 1);
    bar->addWidget(m_upgradeButton);
    m_upgradeBar->hide();
    connect(m_upgradeButton, &QPushButton::clicked, this, &StudyProgressWindow::confirmUpgrade);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_upgradeBar);
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
        int schemaVersion = 0;
        QString error;
    };
    auto outcome = std::make_shared<Outcome>();
    const StudyServerLogin login = m_login;
    m_thread = QThread::create([login, outcome] {
        try {
            const auto db = connectTo(login);
            outcome->rows = server::studyProgress(*db);
            outcome->schemaVersion = server::installedVersion(*db);
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
            showSchemaVersion(outcome->schemaVersion);
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

void StudyProgressWindow::showSchemaVersion(int version)
{
    m_schemaVersion = version;
    if (version >= server::schemaVersion) {
        m_upgradeBar->hide();
        return;
    }
    if (!m_upgradeError.isEmpty())
        m_upgradeText->setText(tr("The server was not upgraded: %1").arg(m_upgradeError));
    else
        m_upgradeText->setText(
            tr("This study's schema on the server is version %1; this version of Sense-7 Studio "
               "expects %2. Until it is upgraded, a participant's machine that runs an earlier "
               "version can replace the turns another machine added to a live conversation.")
                .arg(version)
                .arg(server::schemaVersion));
    m_upgradeButton->setEnabled(!m_thread);
    m_upgradeBar->show();
}

void StudyProgressWindow::confirmUpgrade()
{
    const auto answer = QMessageBox::question(
        this, tr("Upgrade the study server"),
        tr("Upgrade the study's schema on the server from version %1 to %2?\n\nThis is done "
           "once, for every participant and researcher, in one transaction; the data are kept. "
           "Your login must belong to the study's researchers (sense7_researcher).")
            .arg(m_schemaVersion)
            .arg(server::schemaVersion),
        QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer == QMessageBox::Yes)
        upgradeServer();
}

void StudyProgressWindow::upgradeServer()
{
    m_upgradeButton->setEnabled(false);
    m_upgradeText->setText(tr("Upgrading the study's schema on the server…"));
    if (m_thread) {
        // After the read under way.
        connect(m_thread, &QThread::finished, this, &StudyProgressWindow::upgradeServer,
                Qt::SingleShotConnection);
        return;
    }
    auto error = std::make_shared<QString>();
    const StudyServerLogin login = m_login;
    m_thread = QThread::create([login, error] {
        try {
            server::upgrade(*connectTo(login));
        } catch (const Error &e) {
            *error = e.message();
        }
    });
    connect(m_thread, &QThread::finished, this, [this, error] {
        m_thread->deleteLater();
        m_thread = nullptr;
        m_upgradeButton->setEnabled(true);
        m_upgradeError = *error;
        if (!error->isEmpty())
            m_upgradeText->setText(tr("The server was not upgraded: %1").arg(*error));
        Q_EMIT upgraded(error->isEmpty(), *error);
        if (error->isEmpty())
            refresh();
    });
    m_thread->start();
}

} // namespace sense7
